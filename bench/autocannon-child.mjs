// The load generator, in a process of its own so it does not share the server's event loop.
// Reads autocannon options as JSON from argv[2]; prints the figures as JSON on stdout.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
const result = await autocannon(options);
process.stdout.write(
  JSON.stringify({
    requestsPerSec: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }),
);
