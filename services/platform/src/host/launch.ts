import type * as http from "node:http";
import type { DescService } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import type { Bus, Subscription } from "../bus/bus.ts";
import { MemoryBus } from "../bus/memory-bus.ts";
import { lockDataDir } from "../db/data-dir.ts";
import { startEmbeddedPostgres } from "../db/embedded.ts";
import { migratedCluster, migrationsKey } from "../db/migrated-template.ts";
import { persistentSecret } from "../db/secrets.ts";
import { createLogger, type Logger } from "../logger.ts";
import type { Settings } from "../settings.ts";
import { ServiceDirectory } from "./clients.ts";
import { HealthState } from "./health.ts";
import { type Listeners, startListeners } from "./listeners.ts";
import { createMetrics, type Metrics } from "./metrics.ts";
import type { AnyServiceModule } from "./module.ts";
import type { NodeHandler } from "./server.ts";
import { ServiceKeys } from "./service-keys.ts";
import { type StartedService, startService } from "./start-service.ts";
import { ServiceTrust } from "./trust.ts";

export interface GatewayContext {
  settings: Settings;
  log: Logger;
  bus: Bus;
  health: HealthState;
  metrics: Metrics;
  client<S extends DescService>(service: string, desc: S): Client<S>;
}
export interface GatewayInstance {
  handler: NodeHandler;
  attach?(server: http.Server): void;
  stop?(): Promise<void>;
}
export type GatewayFactory = (ctx: GatewayContext) => Promise<GatewayInstance>;

export interface Running {
  /** The gateway's public port when this process runs the gateway, else the internal one. */
  port: number;
  /** Service calls, probes and metrics: never the listener users reach. */
  internalPort: number;
  /** Signs and checks this deployment's service credentials (tests call services with it). */
  trust: ServiceTrust;
  settings: Settings;
  health: HealthState;
  /** The services' database: DATABASE_URL, or the embedded one's in-process address (benches fill it). */
  databaseUrl?: string;
  stop(): Promise<void>;
}

export interface LaunchOptions {
  /** The bus a component (a service, or "gateway") is handed: the event catalogue records through it. */
  busFor?(component: string, bus: Bus): Bus;
}

type Cleanups = Array<() => Promise<void> | void>;

/**
 * Starts what SERVICES names, in one process: database (embedded or DATABASE_URL), bus (in-process
 * or NATS), each service with its migrations, one port for Connect/gRPC/health/metrics and the gateway.
 */
export async function launch(
  settings: Settings,
  modules: AnyServiceModule[],
  gateway?: GatewayFactory,
  options: LaunchOptions = {},
): Promise<Running> {
  const log = createLogger(settings.LOG_LEVEL);
  const cleanups: Cleanups = [];
  const stopAll = async () => {
    for (const c of cleanups.splice(0).reverse())
      await Promise.resolve(c()).catch((err) => log.error({ err }, "stop step failed"));
  };
  try {
    const { dbUrl, bus } = await startInfrastructure(settings, modules, log, cleanups);
    const health = new HealthState();
    const metrics = createMetrics();
    const trust = trustOf(settings);
    const directory = new ServiceDirectory(settings.serviceUrls, trust, log);
    const busOf = (component: string) => options.busFor?.(component, bus) ?? bus;
    const pendingConsumers: Array<() => Promise<Subscription>> = [];
    const host = { settings, log, dbUrl: dbUrl as string, directory, busOf, pendingConsumers, cleanups };
    const started: StartedService[] = [];
    for (const module of modules) {
      health.set(module.name, false);
      started.push(await startService(module, host));
    }
    const gw = await gateway?.({
      settings,
      log: log.child({ service: "gateway" }),
      bus: busOf("gateway"),
      health,
      metrics,
      client: (n, d) => directory.client("gateway", n, d),
    });
    const listeners = await startListeners({ settings, log, trust, health, metrics, started, gateway: gw });
    const subscriptions: Subscription[] = [];
    cleanups.push(() => shutDown(listeners, started, subscriptions, health, gw));
    for (const make of pendingConsumers) subscriptions.push(await make());
    await begin(started, health);
    const { internal, server } = listeners;
    const services = started.map((s) => s.module.name);
    log.info(
      { port: server?.port, internalPort: internal.port, services, gateway: Boolean(gw) },
      "Dirabot is up",
    );
    const port = server?.port ?? internal.port;
    return { port, internalPort: internal.port, trust, settings, health, databaseUrl: dbUrl, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** The database (embedded when the process runs services and none is named) and the bus. */
async function startInfrastructure(
  settings: Settings,
  modules: AnyServiceModule[],
  log: Logger,
  cleanups: Cleanups,
) {
  const needsEmbedded = modules.length > 0 && !settings.DATABASE_URL;
  cleanups.push(lockDataDir(settings.DATA_DIR)); // embedded database, secrets and screenshots have one owner
  const embedded = needsEmbedded
    ? await startEmbeddedPostgres(settings.DATA_DIR, log, migratedCluster(migrationsKey(modules)))
    : undefined;
  if (embedded) cleanups.push(() => embedded.stop());
  const dbUrl = settings.DATABASE_URL ?? embedded?.url;
  // The NATS client is loaded only when there is a NATS (not in the one-process run).
  const bus: Bus = settings.NATS_URL
    ? await (await import("../bus/nats-bus.ts")).NatsBus.connect(settings.NATS_URL, log)
    : new MemoryBus(log);
  cleanups.push(() => bus.close());
  log.info(
    { bus: bus.kind, database: settings.DATABASE_URL ? "external" : "embedded" },
    "infrastructure ready",
  );
  return { dbUrl, bus };
}

// Run apart, a process is given only its own keys; in one process they derive from a secret
// generated once (or a SERVICE_SECRET given to every process).
const trustOf = (settings: Settings) =>
  new ServiceTrust(
    settings.SERVICE_KEYS
      ? ServiceKeys.parse(settings.SERVICE_KEYS)
      : (settings.SERVICE_SECRET ?? persistentSecret(settings.DATA_DIR, "service-secret")),
  );

/** Once every service is up and consuming: outboxes relay, background work begins, health turns up. */
async function begin(started: StartedService[], health: HealthState): Promise<void> {
  for (const s of started) s.outbox.start();
  for (const s of started) await s.instance.begin?.();
  for (const s of started) health.set(s.module.name, true);
  if (started.length === 0) health.set("gateway", true);
}

/** Stop taking work, finish what is in flight, then close. */
async function shutDown(
  listeners: Listeners,
  started: StartedService[],
  subscriptions: Subscription[],
  health: HealthState,
  gw: GatewayInstance | undefined,
): Promise<void> {
  listeners.stopLiving();
  for (const s of started) health.set(s.module.name, false);
  await listeners.server?.close();
  await listeners.internal.close();
  await gw?.stop?.();
  await Promise.all(subscriptions.map((s) => s.stop()));
  for (const s of started) await s.instance.stop?.();
  for (const s of started) await s.outbox.stop();
}
