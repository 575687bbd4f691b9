import { createClient } from "@connectrpc/connect";
import { ProbeService } from "@dirabot/proto/testing/v1/probe_pb.js";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { afterEach, describe, expect, it } from "vitest";
import { STREAM } from "../src/bus/bus.ts";
import { external, type Proc, startProbe, tempDir, trustedTransport, uniqueId, waitFor } from "./helpers.ts";

// A probe process has no gateway: its one port is internal, and it holds only its own service keys.
const probeAt = (port: number) => createClient(ProbeService, trustedTransport(`http://127.0.0.1:${port}`));

/** With the machine's PostgreSQL and NATS the halves run as separate processes; embedded, in one. */
const shared = Boolean(external.database && external.nats);
const started: Proc[] = [];
const start = (env: Record<string, string | undefined>, runtime: "node" | "deno" = "node") => {
  const p = startProbe(
    { PORT: "0", HOST: "127.0.0.1", DATABASE_URL: external.database, NATS_URL: external.nats, ...env },
    runtime,
  );
  started.push(p);
  return p;
};
afterEach(async () => {
  for (const p of started.splice(0)) if (p.child.exitCode === null) p.child.kill("SIGKILL");
});

describe("services as processes", () => {
  it("a service started under Deno answers a Connect call from Node", async () => {
    const deno = start({ DATA_DIR: tempDir(), PROBE_ID: uniqueId() }, "deno");
    const probe = probeAt(await deno.port);
    const res = await probe.echo({ text: "from node" });
    expect(res).toMatchObject({ text: "from node", runtime: "deno" });
    expect((await probe.record({ note: "stored under deno" })).id).not.toBe("");
    const t = await waitFor(
      async () => ((await probe.tally({})).applied === 1n ? probe.tally({}) : undefined),
      "apply",
    );
    expect(t.notes).toEqual(["stored under deno"]);
  }, 120_000);

  it("an event whose consumer dies after applying it, before acking, takes effect exactly once", async () => {
    const id = uniqueId();
    const dataDir = tempDir();
    const producer = shared
      ? start({ DATA_DIR: tempDir(), PROBE_ID: id, PROBE_ROLE: "producer" })
      : undefined;
    const doomed = start({
      DATA_DIR: dataDir,
      PROBE_ID: id,
      PROBE_ROLE: shared ? "consumer" : "both",
      PROBE_DIE_AFTER_APPLY: "1",
    });
    await doomed.port;
    const first = probeAt(await (producer ?? doomed).port);
    const recorded = first.record({ note: "once" }).catch(() => undefined);
    expect(await doomed.exited).toBe(null); // killed by SIGKILL right after its commit
    await recorded;

    const revived = start({ DATA_DIR: dataDir, PROBE_ID: id, PROBE_ROLE: shared ? "consumer" : "both" });
    const probe = probeAt(await (producer ?? revived).port);
    await revived.port;
    if (shared) {
      // JetStream redelivers the unacked message after ack_wait; the inbox turns it into a no-op ack.
      const nc = await connect({ servers: external.nats });
      const jsm = await jetstreamManager(nc);
      const info = await waitFor(async () => {
        const i = await jsm.consumers.info(STREAM, `probe_${id}-on-recorded`);
        // One message delivered again (consumer_seq counts deliveries), nothing left unacked. A
        // loaded machine may let ack_wait pass once more: a third delivery, still applied once.
        return i.delivered.consumer_seq >= 2 && i.num_ack_pending === 0 && i.num_pending === 0
          ? i
          : undefined;
      }, "the redelivery to be acknowledged");
      expect(info.delivered.stream_seq).toBeGreaterThan(0);
      expect(info.delivered.consumer_seq).toBeGreaterThanOrEqual(2);
      await nc.close();
    } else {
      // The in-process bus acks a publish only once every consumer has; the dead process never
      // marked the row published, so the restarted relay publishes it again and the inbox skips it.
      await waitFor(
        async () => ((await probe.tally({})).outboxPending === 0n ? true : undefined),
        "the republish",
      );
    }
    const tally = await probe.tally({});
    expect(tally.applied).toBe(1n);
    expect(tally.notes).toEqual(["once"]);
  }, 120_000);

  // Each test starts Node or Deno processes on the embedded database (this one two in a row):
  // the budgets are a loaded CI machine's, not a measure of speed.
  it("SIGTERM mid-request loses nothing acknowledged, and a restart serves the same data", async () => {
    const id = uniqueId();
    const dataDir = tempDir();
    const first = start({ DATA_DIR: dataDir, PROBE_ID: id });
    const probe = probeAt(await first.port);
    const acked: string[] = [];
    let firstAck = () => {};
    const acknowledged = new Promise<void>((resolve) => {
      firstAck = resolve;
    });
    const calls = Array.from({ length: 40 }, (_, i) => {
      const note = `n${String(i).padStart(2, "0")}`;
      return probe.record({ note }).then(
        (r) => {
          if (!r.id) return;
          acked.push(note);
          firstAck();
        },
        () => undefined, // refused or cut off by the shutdown: not acknowledged, may or may not exist
      );
    });
    // Stopped as soon as one note is acknowledged, the others still in flight: a fixed 30 ms wait
    // on a busy machine sometimes stopped it before any answer.
    await Promise.race([acknowledged, new Promise((r) => setTimeout(r, 5_000))]);
    first.child.kill("SIGTERM");
    await Promise.all(calls);
    expect(await first.exited).toBe(0);
    expect(acked.length).toBeGreaterThan(0);

    const second = start({ DATA_DIR: dataDir, PROBE_ID: id });
    const again = probeAt(await second.port);
    const tally = await waitFor(async () => {
      const t = await again.tally({});
      return t.applied >= BigInt(acked.length) ? t : undefined;
    }, "every acknowledged note to be applied");
    for (const note of acked) expect(tally.notes).toContain(note);
    expect(new Set(tally.notes).size).toBe(tally.notes.length); // and nothing applied twice
  }, 120_000);
});
