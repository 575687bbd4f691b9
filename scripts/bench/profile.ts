import * as fs from "node:fs";
import { Session } from "node:inspector/promises";

/**
 * A V8 CPU profile of this process over a bench's measured seconds only (`node --cpu-prof` takes
 * the whole run, setup included: 100,000 bots written, accounts registered). Off unless the bench
 * is given a file to write (`BENCH_FANOUT_PROFILE`); in the one-process shape this process is the
 * product, the embedded database included.
 */
export async function startProfile(file: string | undefined): Promise<() => Promise<ProfileShare[]>> {
  if (!file) return async () => [];
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 500 });
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    session.disconnect();
    fs.writeFileSync(file, JSON.stringify(profile));
    return shares(profile as unknown as CpuProfile);
  };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  what: string;
  /** Per cent of the profile's samples spent in this group's own code (self time). */
  percent: number;
}

/** Where a function's code lives, as the profile's summary groups it. */
const GROUPS: [RegExp, string][] = [
  [/^\(garbage collector\)$/, "garbage collection"],
  [/^\(idle\)$/, "idle"],
  [/^\(program\)$/, "V8 and native (program)"],
  [/@electric-sql\/pglite(-socket)?\/.*\.wasm|wasm:\/\//, "embedded PostgreSQL (WebAssembly)"],
  [/@electric-sql\/pglite/, "embedded PostgreSQL (its JavaScript, file system layer)"],
  [/@bufbuild\/protobuf|_pb\.js/, "protobuf"],
  [/socket\.io|engine\.io|\/ws\//, "Socket.IO"],
  [/\/kysely\//, "Kysely"],
  [/\/pg(-protocol|-pool)?\//, "pg client"],
  [/@connectrpc/, "Connect"],
  [/\/koa|\/@koa\//, "Koa"],
  [/\/pino/, "pino"],
  [/^node:|^internal\//, "Node's own JavaScript"],
  [/\/node_modules\//, "other packages"],
  [/\/(services|gateway|api|scripts)\//, "our code"],
];

function groupOf(functionName: string, url: string): string {
  for (const [re, name] of GROUPS) if (re.test(url) || (url === "" && re.test(functionName))) return name;
  return url === "" ? "native (GC, I/O, fs calls)" : "other";
}

/** Self time by group, most first. */
export function shares(profile: CpuProfile): ProfileShare[] {
  const byNode = new Map(
    profile.nodes.map((n) => [n.id, groupOf(n.callFrame.functionName, n.callFrame.url)]),
  );
  const time = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const g = byNode.get(id) ?? "other";
    time.set(g, (time.get(g) ?? 0) + dt);
    total += dt;
  });
  return [...time]
    .map(([what, t]) => ({ what, percent: total ? (100 * t) / total : 0 }))
    .sort((a, b) => b.percent - a.percent);
}
