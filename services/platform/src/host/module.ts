import type { DescMessage, DescService } from "@bufbuild/protobuf";
import type { Client, ConnectRouter } from "@connectrpc/connect";
import type { Kysely, Migration } from "kysely";
import type { Bus, Subscription } from "../bus/bus.ts";
import type { ConsumerSpec } from "../bus/consume.ts";
import type { Outbox } from "../bus/outbox.ts";
import type { Logger } from "../logger.ts";
import type { Settings, SettingsSchema } from "../settings.ts";

/** What a service hands the host: its Connect routes and how to stop its background work. */
export interface ServiceInstance {
  routes?(router: ConnectRouter): void;
  /** Called once every service of the process is up (timers, scrapers, pollers start here). */
  begin?(): Promise<void> | void;
  stop?(): Promise<void>;
  /** Extra readiness: false keeps /readyz at 503. */
  ready?(): boolean;
}

/** What the host hands a service whose schema is `DB` (its generated `db.generated.ts`). */
export interface ServiceContext<DB> {
  name: string;
  settings: Settings;
  log: Logger;
  /** Kysely bound to the service's own schema. */
  db: Kysely<DB>;
  bus: Bus;
  /** Stages events in a transaction on `db`: only this service's own. */
  outbox: Outbox<DB>;
  /** A typed client of another service: in-process when it runs here, else over <NAME>_SERVICE_URL. */
  client<S extends DescService>(service: string, desc: S): Client<S>;
  /**
   * Whether a service is part of this deployment as this process sees it: run here (once every
   * module has started) or reached at its <NAME>_SERVICE_URL.
   */
  reaches(service: string): boolean;
  /** Registers an idempotent consumer; it starts taking messages once the process is up. */
  consume<Desc extends DescMessage, Prepared = undefined>(spec: ConsumerSpec<Desc, Prepared, DB>): void;
}

/** A service: `DB` is its schema as Kysely sees it, so its code reaches its tables without casts. */
export interface ServiceModule<DB> {
  name: string;
  /** The PostgreSQL schema the service owns (no service reads another's). */
  schema: string;
  migrations?: Record<string, Migration>;
  /** The service's own environment variables; the composition root checks them at start. */
  settings?: SettingsSchema;
  start(ctx: ServiceContext<DB>): Promise<ServiceInstance>;
}

/** Any service's module, as the host and the lists of modules hold them side by side. */
// biome-ignore lint/suspicious/noExplicitAny: each module keeps its own schema's type
export type AnyServiceModule = ServiceModule<any>;

export type { Subscription };
