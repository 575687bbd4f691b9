import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import {
  Health,
  type HealthCheckResponse,
  HealthCheckResponseSchema,
  HealthCheckResponse_ServingStatus as Status,
} from "@dirabot/proto/grpc/health/v1/health_pb.js";

/** Serving state of the process and of each service it runs, for grpc.health.v1, /readyz and /api/health. */
export class HealthState {
  #serving = new Map<string, boolean>();
  #listeners = new Set<() => void>();

  set(service: string, serving: boolean): void {
    this.#serving.set(service, serving);
    for (const l of this.#listeners) l();
  }
  /** "" is the whole process: serving when every service is. */
  status(service: string): Status {
    if (service === "") {
      return [...this.#serving.values()].every(Boolean) && this.#serving.size > 0
        ? Status.SERVING
        : Status.NOT_SERVING;
    }
    const s = this.#serving.get(service);
    return s === undefined ? Status.SERVICE_UNKNOWN : s ? Status.SERVING : Status.NOT_SERVING;
  }
  names(): string[] {
    return [...this.#serving.keys()];
  }
  onChange(fn: () => void): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }
}

const reply = (status: Status): HealthCheckResponse => create(HealthCheckResponseSchema, { status });

export function healthRoutes(state: HealthState) {
  return (router: ConnectRouter) =>
    router.service(Health, {
      check(req) {
        const status = state.status(req.service);
        if (status === Status.SERVICE_UNKNOWN)
          throw new ConnectError(`unknown service ${req.service}`, Code.NotFound);
        return reply(status);
      },
      list() {
        const statuses: Record<string, HealthCheckResponse> = { "": reply(state.status("")) };
        for (const n of state.names()) statuses[n] = reply(state.status(n));
        return { statuses };
      },
      async *watch(req, ctx) {
        let last: Status | undefined;
        let wake: () => void = () => undefined;
        const off = state.onChange(() => wake());
        try {
          while (!ctx.signal.aborted) {
            const now = state.status(req.service);
            if (now !== last) yield reply(now);
            last = now;
            await new Promise<void>((r) => {
              wake = r;
              ctx.signal.addEventListener("abort", () => r(), { once: true });
            });
          }
        } finally {
          off();
        }
      },
    });
}
