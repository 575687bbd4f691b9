import autocannon from "autocannon";

/**
 * A child of the API bench: autocannon in a process of its own, so the load generator never
 * shares the product's event loop. Requests go round the four browsing pages and round the
 * users' tokens, so each user gets an even share of `rate` (under the per-account budget).
 */
interface Input {
  base: string;
  tokens: string[];
  paths: string[];
  connections: number;
  rate: number;
  seconds: number;
}

process.once("message", async (input: Input) => {
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
