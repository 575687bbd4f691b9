import { sql } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { openServiceDatabase, type ServiceDatabase } from "../src/db/database.ts";
import { createLogger } from "../src/logger.ts";
import { sharedDatabase } from "./helpers.ts";

/**
 * Service databases for a test file, on the server CI's second pass names or an embedded one of
 * the file's own: `open(schema)` migrates a schema with the platform's tables and one table of its
 * own (`notes`); every schema opened is dropped after the file.
 */
export function serviceDatabases(): { open(schema: string): Promise<ServiceDatabase> } {
  let server: Awaited<ReturnType<typeof sharedDatabase>> | undefined;
  const opened: ServiceDatabase[] = [];
  beforeAll(async () => {
    server = await sharedDatabase();
  }, 60_000);
  afterAll(async () => {
    for (const database of opened) {
      await sql`DROP SCHEMA IF EXISTS ${sql.id(database.schema)} CASCADE`
        .execute(database.db)
        .catch(() => undefined);
      await database.close();
    }
    await server?.stop();
  });
  return {
    async open(schema) {
      if (!server) throw new Error("serviceDatabases: open() before the file's beforeAll");
      const database = await openServiceDatabase({
        url: server.url,
        schema,
        migrations: {
          "0001_notes": {
            async up(db) {
              await sql`CREATE TABLE ${sql.id(schema, "notes")} (body text)`.execute(db);
            },
          },
        },
        log: createLogger("silent"),
      });
      opened.push(database);
      return database;
    },
  };
}
