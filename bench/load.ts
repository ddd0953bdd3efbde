/** A bounded load run on loopback with autocannon; returns the figures benchmarks report. */
import autocannon from 'autocannon';

export type LoadFigures = { requestsPerSec: number; p50: number; p99: number; errors: number; non2xx: number };

export async function load(options: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
}): Promise<LoadFigures> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 50,
    duration: options.seconds ?? 5,
  });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
