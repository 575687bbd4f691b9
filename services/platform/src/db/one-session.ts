import type { PGlite } from "@electric-sql/pglite";

// Extended-protocol messages that leave a statement half-done until the client's Sync:
// Parse, Bind, Describe, Execute, Close, Flush.
const EXTENDED = new Set(["P", "B", "D", "E", "C", "H"].map((c) => c.charCodeAt(0)));
const SYNC = "S".charCodeAt(0);
const QUERY = "Q".charCodeAt(0);

/**
 * PGlite is one PostgreSQL session shared by every socket connection. pglite-socket queues
 * protocol messages one by one and keeps a connection's turn only while a transaction is open,
 * so a Parse from one connection could be followed by another connection's transaction before
 * its own Bind — which then binds the other's unnamed statement ("bind message supplies 4
 * parameters, but prepared statement requires 2"). This view of the database reports a
 * half-sent extended query as "in transaction", so the queue keeps the same connection's turn
 * until its Sync.
 */
export function oneSessionView(db: PGlite): PGlite {
  let midQuery = false;
  const execProtocolRawStream: PGlite["execProtocolRawStream"] = (message, options) => {
    const type = message[0];
    if (type !== undefined && EXTENDED.has(type)) midQuery = true;
    else if (type === SYNC || type === QUERY) midQuery = false;
    return db.execProtocolRawStream(message, options);
  };
  // A client that vanished mid-query is rolled back by the queue: its half query goes with it.
  const exec: PGlite["exec"] = async (query, options) => {
    if (query === "ROLLBACK" && midQuery && !db.isInTransaction()) {
      midQuery = false;
      return [];
    }
    midQuery = false;
    return db.exec(query, options);
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "execProtocolRawStream") return execProtocolRawStream;
      if (prop === "isInTransaction") return () => midQuery || target.isInTransaction();
      if (prop === "exec") return exec;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
