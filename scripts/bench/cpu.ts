import * as fs from "node:fs";

/** Linux's clock ticks a second (`getconf CLK_TCK`), what /proc counts CPU time in. */
const TICKS = 100;

/**
 * CPU seconds each kind of process on this machine has used so far, from /proc: a product
 * process by its `SERVICES` (the cluster's one service each), the bench's socket clients
 * ("clients", socket-clients.ts), PostgreSQL's backends, NATS, Redis and this bench process
 * ("bench": in the one-process shape, the whole product too) by name. Empty where there is no
 * /proc. Read twice around a run, the difference is where the run's CPU went, whichever process
 * waited for which.
 */
export function cpuByProcess(): Map<string, number> {
  const out = new Map<string, number>();
  let pids: string[];
  try {
    pids = fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS; // utime + stime
      const kind = kindOf(pid, comm);
      if (kind) out.set(kind, (out.get(kind) ?? 0) + seconds);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return out;
}

function kindOf(pid: string, comm: string): string | undefined {
  if (Number(pid) === process.pid) return "bench";
  if (comm === "postgres") return "postgres";
  if (comm.startsWith("nats-server")) return "nats";
  if (comm.startsWith("redis-server")) return "redis";
  if (comm !== "node" && comm !== "MainThread") return undefined;
  if (fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("socket-clients.ts")) return "clients";
  const env = fs.readFileSync(`/proc/${pid}/environ`, "utf8");
  return env.match(/(?:^|\0)SERVICES=([^\0]+)/)?.[1];
}

/**
 * "postgres 155 · notifications 80 · … = 560 µs": each kind's CPU between two readings, per unit
 * of work, the biggest first, with the total (and how many cores that kept busy over `seconds`).
 */
export function cpuPerUnit(
  before: Map<string, number>,
  after: Map<string, number>,
  units: number,
  seconds: number,
): string | undefined {
  const used = [...after]
    .map(([kind, s]) => [kind, s - (before.get(kind) ?? 0)] as const)
    .filter(([, s]) => s > 0);
  if (!used.length || units <= 0) return undefined;
  used.sort((a, b) => b[1] - a[1]);
  const total = used.reduce((n, [, s]) => n + s, 0);
  const us = (s: number) => Math.round((s / units) * 1e6);
  const parts = used.filter(([, s]) => us(s) >= 5).map(([kind, s]) => `${kind} ${us(s)}`);
  return `${parts.join(" · ")} = ${us(total)} µs (${(total / seconds).toFixed(2)} cores busy)`;
}
