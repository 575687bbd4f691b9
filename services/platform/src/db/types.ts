import type { Generated, Kysely, Transaction } from "kysely";

// The platform's own machinery (host, migrator, outbox and inbox) works on any service's tables;
// each service's code types its own schema (ServiceModule<DB>), never these.
// biome-ignore lint/suspicious/noExplicitAny: schema-agnostic by design
export type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: schema-agnostic by design
export type AnyTrx = Transaction<any>;

/** The tables the platform adds to every service's schema (platform-migrations.ts). */
export interface PlatformTables {
  outbox: {
    id: string;
    subject: string;
    data: Uint8Array;
    created_at: Generated<Date>;
    published_at: Date | null;
  };
  inbox: {
    consumer: string;
    event_id: string;
    applied_at: Generated<Date>;
  };
}
