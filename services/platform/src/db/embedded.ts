import * as fs from "node:fs";
import * as path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import type { Logger } from "../logger.ts";
import { oneSessionView } from "./one-session.ts";

/**
 * The embedded default: PostgreSQL compiled to WebAssembly (PGlite), kept in DATA_DIR and served
 * over the wire protocol inside this process, so services use the same `pg` code as in production.
 * PGlite runs one transaction at a time; the socket server queues other connections' queries.
 */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedPostgres> {
  const dir = path.resolve(dataDir, "pg");
  fs.mkdirSync(dir, { recursive: true });
  const started = Date.now();
  // pg_trgm backs the listings search index; a server has it from the contrib package.
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({
    db: oneSessionView(db),
    host: "127.0.0.1",
    port: 0,
    maxConnections: 100,
  });
  await server.start();
  const conn = server.getServerConn();
  log.info({ dir, conn, ms: Date.now() - started }, "embedded PostgreSQL ready");
  return {
    url: `postgres://postgres@${conn}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
