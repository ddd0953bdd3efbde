/**
 * The result-posting benchmark's students (bench/results.ts): each posts its results one after
 * another, all students at once. Run in a process of their own (bench/results-clients-child.ts),
 * as devices are, so that the server's event loop does not also run 200 HTTP clients (they took
 * about a quarter of it, docs/performance.md session 39).
 */
import { percentile } from './setup.ts';

export type PostingStudent = { headers: Record<string, string>; bodies: string[] };
export type PostingRun = { url: string; students: PostingStudent[] };
export type PostingFigures = { perSec: number; p50: number; p99: number; failed: number; n: number };

export async function postResults({ url, students }: PostingRun): Promise<PostingFigures> {
  const latencies: number[] = [];
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    students.map(async (s) => {
      for (const body of s.bodies) {
        const t = performance.now();
        const response = await fetch(url, { method: 'POST', headers: s.headers, body });
        await response.arrayBuffer();
        latencies.push(performance.now() - t);
        if (!response.ok) failed++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { perSec: Math.round(latencies.length / seconds), p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed, n: latencies.length };
}
