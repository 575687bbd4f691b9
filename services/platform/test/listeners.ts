import * as fs from "node:fs";
import * as net from "node:net";

/**
 * The listening sockets of this process (Linux /proc), and whether one speaks PostgreSQL: what
 * another local process could connect to.
 */
export interface Listener {
  inode: string;
  /** a TCP host and port, or a unix socket path */
  address: { host: string; port: number } | { path: string };
}

export const canListListeners = fs.existsSync("/proc/self/fd") && fs.existsSync("/proc/net/tcp");

export function listeners(): Listener[] {
  const mine = new Set<string>();
  for (const fd of fs.readdirSync("/proc/self/fd")) {
    const target = (() => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return ""; // closed while we looked
      }
    })();
    const m = /^socket:\[(\d+)\]$/.exec(target);
    if (m?.[1]) mine.add(m[1]);
  }
  const found: Listener[] = [];
  for (const [file, host] of [
    ["/proc/net/tcp", "127.0.0.1"],
    ["/proc/net/tcp6", "::1"],
  ] as const) {
    for (const row of rows(file)) {
      // sl local_address rem_address st ... inode (10th column); st 0A is LISTEN
      const [, local, , st, , , , , , inode] = row;
      if (st !== "0A" || !inode || !mine.has(inode)) continue;
      const [ip = "", port = ""] = local?.split(":") ?? [];
      found.push({ inode, address: { host: ipv4(ip) ?? host, port: Number.parseInt(port, 16) } });
    }
  }
  for (const row of rows("/proc/net/unix")) {
    // Num RefCount Protocol Flags Type St Inode Path; flag 0x10000 is __SO_ACCEPTCON (listening)
    const [, , , flags, , , inode, path] = row;
    if (!inode || !mine.has(inode) || !(Number.parseInt(flags ?? "0", 16) & 0x10000)) continue;
    found.push({ inode, address: { path: path ?? "" } });
  }
  return found;
}

// /proc/net/tcp writes an IPv4 address as little-endian hex; 0.0.0.0 is reached on loopback.
function ipv4(hex: string): string | undefined {
  if (hex.length !== 8 || /^0+$/.test(hex)) return undefined;
  return [6, 4, 2, 0].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(".");
}

function rows(file: string): string[][] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .slice(1)
    .map((l) => l.trim().split(/\s+/))
    .filter((r) => r.length > 1);
}

/** Sends a PostgreSQL StartupMessage; true when the answer is an authentication request or error. */
export function speaksPostgres(l: Listener, timeoutMs = 1500): Promise<boolean> {
  const params = Buffer.from("user\0postgres\0database\0postgres\0\0");
  const startup = Buffer.alloc(8 + params.length);
  startup.writeInt32BE(startup.length, 0);
  startup.writeInt32BE(196608, 4); // protocol 3.0
  params.copy(startup, 8);
  return new Promise((resolve) => {
    const socket = "path" in l.address ? net.connect(l.address.path) : net.connect(l.address);
    const done = (yes: boolean) => {
      socket.destroy();
      resolve(yes);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write(startup));
    socket.once("data", (b: Buffer) => done((b[0] === 0x52 || b[0] === 0x45) && b.length >= 5));
  });
}
