import {
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresIntrospector,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from "kysely";

// Kysely's Migrator asks the introspector for every table of every schema (with each column,
// its privileges and its sequence) to learn whether its own two tables exist. On a shared server
// that is slow, and it fails with "schema … does not exist" when another process drops a schema
// between the catalog scan and has_schema_privilege(). The service only ever needs its own
// schema's tables, so that is all this introspector lists.

class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schema: string;
  readonly #generic: PostgresIntrospector;

  constructor(db: Kysely<unknown>, schema: string) {
    this.#db = db;
    this.#schema = schema;
    this.#generic = new PostgresIntrospector(db);
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.#generic.getSchemas();
  }

  async getTables(_options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; kind: string }>`
      SELECT c.relname AS name, c.relkind AS kind
      FROM pg_catalog.pg_class c
      JOIN pg_catalog.pg_namespace ns ON ns.oid = c.relnamespace
      WHERE ns.nspname = ${this.#schema} AND c.relkind IN ('r', 'v', 'p')
      ORDER BY c.relname`.execute(this.#db);
    return rows.map((r) => ({ name: r.name, schema: this.#schema, isView: r.kind === "v", columns: [] }));
  }

  async getMetadata(options?: DatabaseMetadataOptions) {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL, with introspection limited to one schema (the service's own). */
export class OwnSchemaDialect extends PostgresDialect {
  readonly #schema: string;

  constructor(config: PostgresDialectConfig, schema: string) {
    super(config);
    this.#schema = schema;
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db, this.#schema);
  }
}
