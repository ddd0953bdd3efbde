/**
 * SLOT — Pronunciation Assessment scoring per recording (server/speech/pa/, being built by the
 * lead). To fill in: score N short recordings of known words with the PA engine in its worker
 * threads and print p50/p99 per recording, with a baseline from the same run (for example,
 * decoding the same recording without scoring it).
 */
export async function paBenchmark() {
  return {
    name: 'Pronunciation Assessment scoring per recording',
    lines: ['not measured yet: the PA engine (server/speech/pa/) is not in this branch; see the slot in bench/pa.ts'],
  };
}
