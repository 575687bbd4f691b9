// When the server, not the network, ended the tab's socket. The gateway disconnects the sockets
// of sessions that ended (a ban, a logout elsewhere, a role change) and refuses them a new one;
// socket.io then does not connect again by itself, so the tab checks its session at once instead
// of learning on its next request. A drop socket.io retries by itself is no news.

/** True when socket.io's disconnect `reason` is the server closing the socket. */
export function serverClosed(reason: string): boolean {
  return reason === "io server disconnect";
}

/**
 * True when a `connect_error` was the server refusing the socket (its middleware's
 * "unauthenticated"): socket.io stops then (`active` false); a failure it retries leaves it active.
 */
export function serverRefused(socket: { active: boolean }): boolean {
  return !socket.active;
}

/**
 * How long a live session's socket waits before connecting again after the server's `checks`-th
 * close or refusal in a row: 1 s doubling to 5 s (the socket's own reconnection steps), spread so
 * that the sockets of a replica going away do not come back in step, nor loop on a refusal.
 */
export function reconnectDelayMs(checks: number, random: () => number = Math.random): number {
  return Math.round(Math.min(1000 * 2 ** Math.max(0, checks - 1), 5000) * (0.5 + random()));
}
