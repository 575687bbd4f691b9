import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import {
  createConnectTransport,
  createGrpcTransport,
  createGrpcWebTransport,
} from "@connectrpc/connect-node";
import {
  HealthCheckRequestSchema,
  HealthCheckResponseSchema,
  HealthCheckResponse_ServingStatus as Status,
} from "@dirabot/proto/grpc/health/v1/health_pb.js";
import { ProbeService } from "@dirabot/proto/testing/v1/probe_pb.js";
import * as grpc from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, loadSettings, type Running } from "../src/index.ts";
import { external, tempDir, trustedTransport, uniqueId, waitFor } from "./helpers.ts";
import { probeModule } from "./probe/probe.ts";

const env = (dataDir: string) => ({
  DATA_DIR: dataDir,
  PORT: "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: "silent",
  DATABASE_URL: external.database,
  NATS_URL: external.nats,
});

describe("a service on the platform host", () => {
  const dataDir = tempDir();
  const id = uniqueId();
  let running: Running;
  let base: string;

  beforeAll(async () => {
    running = await launch(loadSettings(env(dataDir)), [probeModule({ id })]);
    // No gateway here: the one listener is the internal one, where service calls are served.
    base = `http://127.0.0.1:${running.internalPort}`;
  });
  // Every call is signed as another service's would be.
  const signed = () => ({ baseUrl: base, interceptors: [running.trust.client("test")] });
  afterAll(async () => running?.stop());

  it("answers Connect over HTTP/2 and HTTP/1.1, gRPC and gRPC-Web on one port", async () => {
    for (const transport of [
      createConnectTransport({ ...signed(), httpVersion: "2" }),
      createConnectTransport({ ...signed(), httpVersion: "1.1" }),
      createGrpcTransport(signed()),
      createGrpcWebTransport({ ...signed(), httpVersion: "1.1" }),
    ]) {
      const res = await createClient(ProbeService, transport).echo({ text: "שלום" });
      expect(res.text).toBe("שלום");
      expect(res.runtime).toBe("node");
    }
  });

  it("answers a stock @grpc/grpc-js client's grpc.health.v1 check", async () => {
    const client = new grpc.Client(`127.0.0.1:${running.internalPort}`, grpc.credentials.createInsecure());
    const check = (service: string) =>
      new Promise<{ status?: Status; code?: number }>((resolve) =>
        client.makeUnaryRequest(
          "/grpc.health.v1.Health/Check",
          (req: { service: string }) =>
            Buffer.from(toBinary(HealthCheckRequestSchema, create(HealthCheckRequestSchema, req))),
          (buf: Buffer) => fromBinary(HealthCheckResponseSchema, buf),
          { service },
          (err, res) => resolve(err ? { code: err.code } : { status: res?.status }),
        ),
      );
    expect(await check("")).toEqual({ status: Status.SERVING });
    expect(await check("probe")).toEqual({ status: Status.SERVING });
    expect(await check("nonexistent")).toEqual({ code: grpc.status.NOT_FOUND });
    client.close();
  });

  it("serves /healthz, /readyz and Prometheus /metrics over plain HTTP", async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toContain("dirabot_rpc_duration_seconds");
    expect(metrics).toContain("process_resident_memory_bytes");
    const other = await fetch(`${base}/nothing-here`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: "Not found", code: "not_found" });
  });

  it("publishes an event only when its transaction commits, and the consumer applies it", async () => {
    const probe = createClient(ProbeService, trustedTransport(running));
    expect((await probe.record({ note: "kept" })).id).not.toBe("");
    expect((await probe.record({ note: "rolled-back", failAfterWrite: true })).id).toBe("");
    const tally = await waitFor(async () => {
      const t = await probe.tally({});
      return t.applied >= 1n ? t : undefined;
    }, "the consumer to apply the event");
    await new Promise((r) => setTimeout(r, 300));
    expect((await probe.tally({})).notes).toEqual(["kept"]);
    expect(tally.applied).toBe(1n);
  });

  it("refuses a second start on the same DATA_DIR with a clear line", async () => {
    await expect(launch(loadSettings(env(dataDir)), [probeModule({ id })])).rejects.toThrowError(
      /^DATA_DIR: .* is in use by another Dirabot process \(pid \d+\)/,
    );
  });
});
