import type { Transport } from "@connectrpc/connect";
import { afterAll } from "vitest";
import { DENO, external, ownKeys, type Proc, startProcess, tempDir, trustedTransport } from "./helpers.ts";

export interface DenoInstance {
  port: number;
  /** Calls to the process's internal listener, signed with the run's SERVICE_SECRET (the child holds its own keys). */
  transport: Transport;
  proc: Proc;
}

/**
 * A service's test instance (`services/<name>/test/instance.ts`) started under Deno, the proof that
 * the service runs there: a fresh DATA_DIR, a port of its own on loopback, this run's PostgreSQL
 * and NATS when CI names them (else the child's embedded ones), plus `env`. Call it inside a
 * describe: the process is stopped after that describe's tests, before the hooks registered
 * earlier in it run (close the doubles it talks to there).
 */
export function denoInstance(
  instance: string,
  /** The components the instance runs: it holds only their service keys. */
  components: readonly string[],
): (env?: Record<string, string | undefined>) => Promise<DenoInstance> {
  let proc: Proc | undefined;
  afterAll(async () => {
    if (proc && proc.child.exitCode === null) proc.child.kill("SIGTERM");
    await proc?.exited;
  });
  return async (env = {}) => {
    proc = startProcess(DENO, ["run", "-A", "--node-modules-dir=manual", instance], {
      ...ownKeys(components),
      DATA_DIR: tempDir(),
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: external.database,
      NATS_URL: external.nats,
      ...env,
    });
    const port = await proc.port;
    return { port, transport: trustedTransport(`http://127.0.0.1:${port}`, undefined, components), proc };
  };
}
