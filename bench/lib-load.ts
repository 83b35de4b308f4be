// The load generator of `load()` in lib.ts, run as its own process so that its latency figures
// are not stretched by the pauses of the benchmark's own process (seeding leaves a large heap to
// collect). Reads { url, headers, seconds } as JSON from argv[2]; prints autocannon's figures as JSON.
import autocannon from "autocannon";

const { url, headers, seconds } = JSON.parse(process.argv[2] ?? "{}") as {
  url: string;
  headers: Record<string, string>;
  seconds: number;
};
await autocannon({ url, connections: 10, duration: 2, headers });
const r = await autocannon({ url, connections: 50, duration: seconds, headers });
console.log(
  JSON.stringify({
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  }),
);
