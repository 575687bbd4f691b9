import { io } from "socket.io-client";
import type { ChatSocket } from "./socket.ts";

// The realtime socket: same origin, path /socket.io, the stored token in the handshake (the cookie
// goes along too), and the reconnection settings below. Its own module, imported when the shell
// mounts: socket.io-client is not needed to paint the first screen.

export function openChatSocket(token: string | null): ChatSocket {
  return io({
    path: "/socket.io",
    auth: token ? { token } : {},
    withCredentials: true,
    reconnection: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
    timeout: 20_000,
  });
}
