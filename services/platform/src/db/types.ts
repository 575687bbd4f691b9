import type { Kysely, Transaction } from "kysely";

// The platform's helpers work on any service's tables; each service types its own schema.
// biome-ignore lint/suspicious/noExplicitAny: schema-agnostic by design
export type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: schema-agnostic by design
export type AnyTrx = Transaction<any>;
