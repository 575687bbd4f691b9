import { type Bus, decodeEvent, type Logger, type Subscription, subjectOf } from "@dirabot/platform";
import { SessionsEndedSchema } from "@dirabot/proto/events/v1/identity_pb.js";
import type { Server } from "socket.io";
import type { EndedSessions } from "./auth/session.ts";
import { sessionRoom, userRoom } from "./socket.ts";

/**
 * Identity's sessions.ended, applied at once on every gateway replica: the sessions' tokens leave
 * the session cache (`forget`), and their sockets (a session's room, or the user's when all of
 * their sessions ended) are disconnected. Every replica follows the event itself, like the socket
 * pushes, and acts on its own cache and sockets. No freshness cut-off, unlike the pushes: an ended
 * session is news however late.
 */
export async function applySessionEnds(opts: {
  bus: Bus;
  io: Server;
  log: Logger;
  forget(e: EndedSessions): void;
}): Promise<Subscription> {
  return opts.bus.follow({
    name: "gateway-sessions-ended",
    subjects: [subjectOf("identity", "sessions.ended")],
    handler: ({ data }) => {
      let ended: EndedSessions;
      try {
        const { payload } = decodeEvent(data, SessionsEndedSchema);
        ended = { userId: payload.userId, sessionIds: [...payload.sessionIds], all: payload.all };
      } catch (err) {
        opts.log.warn({ err }, "undecodable sessions.ended skipped");
        return;
      }
      opts.forget(ended);
      const rooms = ended.all ? [userRoom(ended.userId)] : ended.sessionIds.map(sessionRoom);
      if (rooms.length > 0) opts.io.in(rooms).disconnectSockets(true);
    },
  });
}
