import { type Bus, decodeEvent, type Logger, type Subscription } from "@dirabot/platform";
import { SessionsEnded } from "@dirabot/proto/events";
import type { EndedSessions } from "./auth/session.ts";
import { type SocketServer, sessionRoom, userRoom } from "./socket.ts";

/** The word one replica passes the others (through the Redis adapter) about ended sessions. */
const TO_PEERS = "dirabot:sessions-ended";

/**
 * Identity's sessions.ended, applied at once on every gateway replica: the sessions' tokens leave
 * the session caches (`forget`), and their sockets (a session's room, or the user's when all of
 * their sessions ended) are disconnected. The replicas share one durable, like the socket
 * pushes: the one that takes the event disconnects the sockets everywhere through the adapter and
 * tells the others to forget; without Redis each gateway has a group of its own and sees it all.
 * No freshness cut-off, unlike the pushes: an ended session is news however late.
 */
export async function applySessionEnds(opts: {
  bus: Bus;
  io: SocketServer;
  group: string;
  log: Logger;
  /** Whether other replicas share this one's rooms (Redis). */
  shared: boolean;
  forget(e: EndedSessions): void;
}): Promise<Subscription> {
  if (opts.shared) opts.io.on(TO_PEERS, (e: EndedSessions) => opts.forget(e));
  return opts.bus.subscribe({
    durable: `${opts.group}-sessions-ended`,
    subjects: [SessionsEnded.subject],
    handler: async ({ data }) => {
      let ended: EndedSessions;
      try {
        const { payload } = decodeEvent(data, SessionsEnded.schema);
        ended = { userId: payload.userId, sessionIds: [...payload.sessionIds], all: payload.all };
      } catch (err) {
        opts.log.warn({ err }, "undecodable sessions.ended skipped");
        return;
      }
      opts.forget(ended);
      if (opts.shared) opts.io.serverSideEmit(TO_PEERS, ended);
      const rooms = ended.all ? [userRoom(ended.userId)] : ended.sessionIds.map(sessionRoom);
      if (rooms.length > 0) opts.io.in(rooms).disconnectSockets(true);
    },
  });
}
