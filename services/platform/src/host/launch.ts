import type * as http from "node:http";
import type { DescService } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import type { Bus, Subscription } from "../bus/bus.ts";
import { consume } from "../bus/consume.ts";
import { MemoryBus } from "../bus/memory-bus.ts";
import { Outbox } from "../bus/outbox.ts";
import { lockDataDir } from "../db/data-dir.ts";
import { openServiceDatabase, type ServiceDatabase } from "../db/database.ts";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../db/embedded.ts";
import { migratedCluster, migrationsKey } from "../db/migrated-template.ts";
import { persistentSecret } from "../db/secrets.ts";
import { createLogger, type Logger } from "../logger.ts";
import type { Settings } from "../settings.ts";
import { ServiceDirectory } from "./clients.ts";
import { HealthState, healthRoutes } from "./health.ts";
import { createMetrics, type Metrics } from "./metrics.ts";
import type { ServiceContext, ServiceInstance, ServiceModule } from "./module.ts";
import { type HostServer, internalHandler, type NodeHandler, startHostServer } from "./server.ts";
import { ServiceKeys } from "./service-keys.ts";
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

/**
 * Starts what SERVICES names, in one process: database (embedded or DATABASE_URL), bus (in-process
 * or NATS), each service with its migrations, one port for Connect/gRPC/health/metrics and the gateway.
 */
export async function launch(
  settings: Settings,
  modules: ServiceModule[],
  gateway?: GatewayFactory,
  options: LaunchOptions = {},
): Promise<Running> {
  const log = createLogger(settings.LOG_LEVEL);
  const cleanups: Array<() => Promise<void> | void> = [];
  const stopAll = async () => {
    for (const c of cleanups.splice(0).reverse())
      await Promise.resolve(c()).catch((err) => log.error({ err }, "stop step failed"));
  };
  try {
    const local = modules; // the caller picks what this process runs (SERVICES)
    const needsEmbedded = local.length > 0 && !settings.DATABASE_URL;
    cleanups.push(lockDataDir(settings.DATA_DIR)); // embedded database, secrets and screenshots have one owner
    let embedded: EmbeddedPostgres | undefined;
    if (needsEmbedded) {
      embedded = await startEmbeddedPostgres(settings.DATA_DIR, log, migratedCluster(migrationsKey(local)));
      cleanups.push(() => embedded?.stop());
    }
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

    const health = new HealthState();
    const metrics = createMetrics();
    // Run apart, a process is given only its own keys; in one process they derive from a secret
    // generated once (or a SERVICE_SECRET given to every process).
    const trust = new ServiceTrust(
      settings.SERVICE_KEYS
        ? ServiceKeys.parse(settings.SERVICE_KEYS)
        : (settings.SERVICE_SECRET ?? persistentSecret(settings.DATA_DIR, "service-secret")),
    );
    const directory = new ServiceDirectory(settings.serviceUrls, trust, log);
    const started: Array<{
      module: ServiceModule;
      instance: ServiceInstance;
      outbox: Outbox;
      db: ServiceDatabase;
    }> = [];
    const pendingConsumers: Array<() => Promise<Subscription>> = [];
    const busOf = (component: string) => options.busFor?.(component, bus) ?? bus;

    for (const module of local) {
      health.set(module.name, false);
      const mlog = log.child({ service: module.name });
      const mbus = busOf(module.name);
      const db = await openServiceDatabase({
        url: dbUrl as string,
        schema: module.schema,
        migrations: module.migrations,
        log: mlog,
      });
      cleanups.push(() => db.close());
      const outbox = new Outbox({ db: db.db, bus: mbus, source: module.name, log: mlog });
      const ctx: ServiceContext = {
        name: module.name,
        settings,
        log: mlog,
        db: db.db,
        bus: mbus,
        outbox,
        client: (name, desc) => directory.client(module.name, name, desc),
        reaches: (name) => directory.has(name),
        consume: (spec) => {
          pendingConsumers.push(() =>
            consume(mbus, db.db, spec, (err) => mlog.warn({ err }, "after-commit step failed")),
          );
        },
      };
      const instance = await module.start(ctx);
      if (instance.routes) directory.addLocal(module.name, instance.routes);
      started.push({ module, instance, outbox, db });
    }

    const gw = gateway
      ? await gateway({
          settings,
          log: log.child({ service: "gateway" }),
          bus: busOf("gateway"),
          health,
          metrics,
          client: (n, d) => directory.client("gateway", n, d),
        })
      : undefined;
    let live = true;
    const internal: HostServer = await startHostServer({
      port: settings.internalPort,
      host: settings.internalHost,
      handler: internalHandler({
        routes: [
          healthRoutes(health),
          ...started.flatMap((s) => (s.instance.routes ? [s.instance.routes] : [])),
        ],
        interceptors: [trust.server(log)],
        metrics,
        probes: {
          live: () => live,
          ready: () =>
            live &&
            started.every((s) => s.instance.ready?.() ?? true) &&
            health.names().every((n) => health.status(n) === 1),
        },
      }),
    });
    // The listener users reach serves the gateway and nothing else (docs/SECURITY.md).
    const server: HostServer | undefined = gw
      ? await startHostServer({ port: settings.PORT, host: settings.HOST, handler: gw.handler })
      : undefined;
    if (server) gw?.attach?.(server.http1);

    // Order of shutdown (reverse of this list): stop taking work, finish in flight, then close.
    const subscriptions: Subscription[] = [];
    cleanups.push(async () => {
      live = false;
      for (const s of started) health.set(s.module.name, false);
      await server?.close();
      await internal.close();
      await gw?.stop?.();
      await Promise.all(subscriptions.map((s) => s.stop()));
      for (const s of started) await s.instance.stop?.();
      for (const s of started) await s.outbox.stop();
    });
    for (const make of pendingConsumers) subscriptions.push(await make());
    for (const s of started) s.outbox.start();
    for (const s of started) await s.instance.begin?.();
    for (const s of started) health.set(s.module.name, true);
    if (started.length === 0) health.set("gateway", true);
    log.info(
      {
        port: server?.port,
        internalPort: internal.port,
        services: started.map((s) => s.module.name),
        gateway: Boolean(gw),
      },
      "Dirabot is up",
    );
    return {
      port: server?.port ?? internal.port,
      internalPort: internal.port,
      trust,
      settings,
      health,
      databaseUrl: dbUrl,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
