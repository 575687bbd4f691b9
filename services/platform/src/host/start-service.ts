import type { Bus, Subscription } from "../bus/bus.ts";
import { consume } from "../bus/consume.ts";
import { Outbox } from "../bus/outbox.ts";
import { openServiceDatabase, type ServiceDatabase } from "../db/database.ts";
import type { Logger } from "../logger.ts";
import type { Settings } from "../settings.ts";
import type { ServiceDirectory } from "./clients.ts";
import type { AnyServiceModule, ServiceContext, ServiceInstance } from "./module.ts";

// One service brought up by the host: its database (migrated), its outbox, its context, its
// start; its consumers wait until every service of the process is up.

export interface StartedService {
  module: AnyServiceModule;
  instance: ServiceInstance;
  outbox: Outbox;
  db: ServiceDatabase;
}

/** What every service of a process shares. */
export interface ServiceHost {
  settings: Settings;
  log: Logger;
  dbUrl: string;
  directory: ServiceDirectory;
  busOf(component: string): Bus;
  /** Each consumer a service registers, to be started once all are up. */
  pendingConsumers: Array<() => Promise<Subscription>>;
  /** Steps run at stop, in reverse. */
  cleanups: Array<() => Promise<void> | void>;
}

export async function startService(module: AnyServiceModule, host: ServiceHost): Promise<StartedService> {
  const { settings, directory, pendingConsumers } = host;
  const log = host.log.child({ service: module.name });
  const bus = host.busOf(module.name);
  const db = await openServiceDatabase({
    url: host.dbUrl,
    schema: module.schema,
    migrations: module.migrations,
    log,
  });
  host.cleanups.push(() => db.close());
  const outbox = new Outbox({ db: db.db, bus, source: module.name, log });
  const ctx: ServiceContext<unknown> = {
    name: module.name,
    settings,
    log,
    db: db.db,
    bus,
    outbox,
    client: (name, desc) => directory.client(module.name, name, desc),
    reaches: (name) => directory.has(name),
    consume: (spec) => {
      pendingConsumers.push(() =>
        consume(bus, db.db, spec, (err) => log.warn({ err }, "after-commit step failed")),
      );
    },
  };
  const instance = await module.start(ctx);
  if (instance.routes) directory.addLocal(module.name, instance.routes);
  return { module, instance, outbox, db };
}
