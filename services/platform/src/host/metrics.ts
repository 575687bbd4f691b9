import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/** One Prometheus registry per process, served at /metrics. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const rpcDuration = new Histogram({
    name: "dirabot_rpc_duration_seconds",
    help: "Connect/gRPC handler duration",
    labelNames: ["service", "method", "code"],
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  });
  const httpRequests = new Counter({
    name: "dirabot_http_requests_total",
    help: "Gateway HTTP requests",
    labelNames: ["method", "status"],
    registers: [registry],
  });
  return { registry, rpcDuration, httpRequests };
}
export type Metrics = ReturnType<typeof createMetrics>;
