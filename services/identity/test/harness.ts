import { Writable } from "node:stream";
import { createClient } from "@connectrpc/connect";
import { type AnyServiceModule, launch, type Running, type ServiceModule } from "@dirabot/platform";
import { tempDir, testSettings, trustedTransport, uniqueId } from "@dirabot/platform/testing";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { pino } from "pino";
/** A log line of the identity service, as pino wrote it. */
import type { IdentityDb } from "../src/db.ts";
import { identity } from "../src/module.ts";

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export const WARN = 40;

/**
 * Test-only: the identity service on the test's engines, its log kept (what an operator reads),
 * called over its internal listener with a service credential as the gateway calls it. Starting
 * again on the same `dataDir` finds the same embedded database.
 */
export async function startIdentity(
  opts: {
    settings?: Record<string, string | undefined>;
    dataDir?: string;
    modules?: AnyServiceModule[];
  } = {},
) {
  const logs: LogLine[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) logs.push(JSON.parse(line));
      done();
    },
  });
  const logged: ServiceModule<IdentityDb> = {
    ...identity,
    start: (ctx) => identity.start({ ...ctx, log: pino({ level: "info" }, sink) }),
  };
  const dataDir = opts.dataDir ?? tempDir();
  const running: Running = await launch(testSettings({ DATA_DIR: dataDir, ...opts.settings }), [
    logged,
    ...(opts.modules ?? []),
  ]);
  const transport = trustedTransport(running);
  return {
    running,
    dataDir,
    logs,
    transport,
    identity: createClient(IdentityService, transport),
    stop: () => running.stop(),
  };
}

export type IdentityHarness = Awaited<ReturnType<typeof startIdentity>>;

/** A new email of this run (a shared database keeps other runs' accounts). */
export const email = (name: string) => `${name}-${uniqueId()}@example.com`;
