import type { Logger } from "../logger.ts";
import type { Settings } from "../settings.ts";
import { type HealthState, healthRoutes } from "./health.ts";
import type { GatewayInstance } from "./launch.ts";
import type { Metrics } from "./metrics.ts";
import { type HostServer, internalHandler, startHostServer } from "./server.ts";
import type { StartedService } from "./start-service.ts";
import type { ServiceTrust } from "./trust.ts";

// A process's two listeners: the internal one (service calls, probes, metrics) and, when it runs
// the gateway, the one users reach, which serves the gateway and nothing else (docs/SECURITY.md).

export interface Listeners {
  internal: HostServer;
  server?: HostServer;
  /** Probes answer not live from here on (the process is stopping). */
  stopLiving(): void;
}

export async function startListeners(opts: {
  settings: Settings;
  log: Logger;
  trust: ServiceTrust;
  health: HealthState;
  metrics: Metrics;
  started: StartedService[];
  gateway?: GatewayInstance;
}): Promise<Listeners> {
  const { settings, health, started, gateway } = opts;
  let live = true;
  const internal = await startHostServer({
    port: settings.internalPort,
    host: settings.internalHost,
    handler: internalHandler({
      routes: [
        healthRoutes(health),
        ...started.flatMap((s) => (s.instance.routes ? [s.instance.routes] : [])),
      ],
      interceptors: [opts.trust.server(opts.log)],
      metrics: opts.metrics,
      probes: {
        live: () => live,
        ready: () =>
          live &&
          started.every((s) => s.instance.ready?.() ?? true) &&
          health.names().every((n) => health.status(n) === 1),
      },
    }),
  });
  const server = gateway
    ? await startHostServer({ port: settings.PORT, host: settings.HOST, handler: gateway.handler })
    : undefined;
  if (server) gateway?.attach?.(server.http1);
  return {
    internal,
    server,
    stopLiving: () => {
      live = false;
    },
  };
}
