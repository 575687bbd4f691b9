import type { Socket } from "node:net";
import * as path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import {
  PGLiteSocketHandler,
  type PGLiteSocketHandlerOptions,
  PGLiteSocketServer,
} from "@electric-sql/pglite-socket";
import type { Logger } from "../logger.ts";
import { seedFromTemplate } from "./cluster-template.ts";
import { serveInProcess } from "./in-process.ts";
import { oneSessionView } from "./one-session.ts";
import { privateDir, tightenTree } from "./private-dir.ts";
import { socketPair } from "./socket-pair.ts";

/**
 * The embedded default: PostgreSQL compiled to WebAssembly (PGlite), kept in DATA_DIR and spoken
 * to over the wire protocol, so services use the same `pg` code as in production. It has no
 * listener: PGlite checks no password, so a port would let any local process read every password
 * hash. Each `pg` connection is an in-memory stream pair whose far end pglite-socket's handler
 * serves; `url` names it for `pgConfig` (in-process.ts) and means nothing outside this process.
 * PGlite runs one transaction at a time; the handlers' shared queue orders the connections.
 */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

const SHARED_BUFFERS = "16MB";

/**
 * `template`: a migrated cluster to start a fresh DATA_DIR from (migrated-template.ts); without
 * one, a fresh DATA_DIR starts from the empty cluster.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  template?: string,
): Promise<EmbeddedPostgres> {
  privateDir(dataDir);
  const dir = privateDir(path.resolve(dataDir, "pg"));
  const started = Date.now();
  const seeded = await seedFromTemplate(dir, template);
  // pg_trgm backs the listings search index; a server has it from the contrib package.
  const db = await PGlite.create(dir, {
    extensions: { pg_trgm },
    // 16 MB of shared buffers instead of 128: the whole product's tables fit many times over at
    // this scale, and PGlite's WebAssembly memory is most of the one-process run's RSS.
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${SHARED_BUFFERS}`],
  });
  tightenTree(dir); // a new cluster's files come out 0666
  const queryQueue = sharedQueue(oneSessionView(db));
  const handlers = new Set<PGLiteSocketHandler>();
  let stopped = false;
  const { url, withdraw } = serveInProcess(() => {
    const [client, server] = socketPair();
    if (stopped) {
      process.nextTick(() => client.destroy(new Error("the embedded PostgreSQL is stopped")));
      return client;
    }
    const handler = new PGLiteSocketHandler({ queryQueue, closeOnDetach: true });
    handlers.add(handler);
    for (const event of ["close", "error"]) handler.addEventListener(event, () => handlers.delete(handler));
    // attach only registers listeners; what pg writes meanwhile waits in the stream's buffer.
    void handler.attach(server as unknown as Socket);
    return client;
  });
  log.info({ dir, ms: Date.now() - started, seeded }, "embedded PostgreSQL ready");
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      withdraw();
      // Detaching rolls back a transaction a connection left open, then closes its stream.
      for (const h of [...handlers]) await h.detach(true);
      handlers.clear();
      await db.close();
    },
  };
}

type QueryQueue = PGLiteSocketHandlerOptions["queryQueue"];

/**
 * The queue that gives PGlite to one connection's message at a time (and keeps a transaction's
 * connection in turn). pglite-socket does not export its class; a server that is never started
 * builds one, and its handlers would use it the same way.
 */
function sharedQueue(db: PGlite): QueryQueue {
  const queue = (new PGLiteSocketServer({ db }) as unknown as { queryQueue?: QueryQueue }).queryQueue;
  if (!queue?.enqueue) throw new Error("@electric-sql/pglite-socket changed: no query queue on its server");
  return queue;
}
