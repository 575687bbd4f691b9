import autocannon from "autocannon";
import { pct } from "./figures.ts";

/**
 * A child of the API bench: the load in a process of its own, so the generator never shares the
 * product's event loop. Requests go round the four browsing pages and round the users' tokens, so
 * each user gets an even share of `rate` (under the per-account budget). Two ways to arrive:
 * - `lockstep`: autocannon's `overallRate`. Each connection keeps a one-second timer and sends its
 *   share when it fires; the timers start together, so every second all the users click in the
 *   same millisecond — a burst of `rate` requests, then nothing.
 * - `spread`: the same rate with one request every 1000 / rate ms (Node's fetch, keep-alive), each
 *   sent on time whatever the answers before it did (an open model: a slow answer does not hold
 *   back the next request, so queueing shows in the times).
 */
interface Input {
  arrivals: "lockstep" | "spread";
  base: string;
  tokens: string[];
  paths: string[];
  connections: number;
  rate: number;
  seconds: number;
}

async function spread(input: Input) {
  const times: number[] = [];
  const statusCodes: Record<string, { count: number }> = {};
  let errors = 0;
  let timeouts = 0;
  const total = input.rate * input.seconds;
  const gap = 1000 / input.rate;
  const t0 = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = t0 + i * gap - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const path = input.paths[i % input.paths.length] as string;
    const token = input.tokens[Math.floor(i / input.paths.length) % input.tokens.length];
    const start = performance.now();
    sent.push(
      fetch(`${input.base}${path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      }).then(
        async (res) => {
          await res.arrayBuffer();
          times.push(performance.now() - start);
          const code = String(res.status);
          statusCodes[code] = { count: (statusCodes[code]?.count ?? 0) + 1 };
        },
        (error: unknown) => {
          if (error instanceof DOMException && error.name === "TimeoutError") timeouts++;
          else errors++;
        },
      ),
    );
  }
  await Promise.all(sent);
  const ok = statusCodes["200"]?.count ?? 0;
  return {
    requests: total,
    p50: Math.round(pct(times, 50)),
    p99: Math.round(pct(times, 99)),
    max: Math.round(Math.max(0, ...times)),
    errors,
    timeouts,
    non2xx: times.length - ok,
    statusCodes,
  };
}

process.once("message", async (input: Input) => {
  if (input.arrivals === "spread") {
    process.send?.(await spread(input));
    process.disconnect();
    return;
  }
  let k = 0;
  const result = await autocannon({
    url: input.base,
    connections: input.connections,
    overallRate: input.rate,
    duration: input.seconds,
    requests: [
      {
        setupRequest: (req) => {
          const i = k++;
          return {
            ...req,
            method: "GET",
            path: input.paths[i % input.paths.length] as string,
            headers: {
              authorization: `Bearer ${input.tokens[Math.floor(i / input.paths.length) % input.tokens.length]}`,
            },
          };
        },
      },
    ],
  });
  process.send?.({
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: result.statusCodeStats,
  });
  process.disconnect();
});
