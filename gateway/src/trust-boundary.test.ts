import type { DescService } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport } from "@connectrpc/connect-node";
import { remoteTransport, ServiceTrust } from "@dirabot/platform";
import { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import { Health } from "@dirabot/proto/grpc/health/v1/health_pb.js";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { ScrapingService } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi } from "../test/api-harness.ts";

type Api = Awaited<ReturnType<typeof startApi>>;

const SERVICES: DescService[] = [
  IdentityService,
  ListingsService,
  BotsService,
  ChatService,
  NotificationsService,
  TelegramService,
  ScrapingService,
  Health,
];

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err) => ConnectError.from(err),
  );

/**
 * SECURITY.md's boundary, tried from outside as an attacker would: the port users reach serves no
 * service call, probe or metric; the internal listener refuses calls without this deployment's
 * credential; a credential's actor is the only actor there is.
 */
describe("the trust boundary", () => {
  let api: Api;
  let internal: string;
  beforeAll(async () => {
    api = await startApi("boundary");
    internal = `http://127.0.0.1:${api.running.internalPort}`;
  });
  afterAll(() => api?.stop());

  it("serves no service path on the public port, in any protocol or method", async () => {
    const paths = SERVICES.flatMap((s) => s.methods.map((m) => `/${s.typeName}/${m.name}`));
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) {
      for (const init of [
        { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
        { method: "POST", headers: { "content-type": "application/proto" }, body: "" },
        { method: "GET" },
      ]) {
        const res = await fetch(`${api.base}${path}`, init);
        expect(res.status, `${init.method} ${path}`).toBe(404);
        expect(res.headers.get("content-type") ?? "").not.toMatch(/proto|grpc|connect/);
        await res.body?.cancel();
      }
    }
    // gRPC and Connect over HTTP/2, as a service client would speak: nothing answers there either.
    for (const transport of [
      createGrpcTransport({ baseUrl: api.base }),
      createConnectTransport({ baseUrl: api.base, httpVersion: "2" }),
    ]) {
      const identity = createClient(IdentityService, transport);
      const err = await failure(identity.oAuthSignIn({ provider: "google", email: "admin@example.com" }));
      expect([Code.NotFound, Code.Unimplemented]).toContain(err?.code);
    }
  });

  it("keeps probes, metrics and the health service off the public port", async () => {
    for (const path of ["/metrics", "/healthz", "/readyz"]) {
      const outside = await fetch(`${api.base}${path}`);
      expect(outside.status, path).toBe(404);
      expect(await outside.text()).not.toContain("# HELP");
    }
    const metrics = await fetch(`${internal}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("# HELP");
    expect((await fetch(`${internal}/readyz`)).status).toBe(200);
    // Kubernetes' gRPC probe carries no credential: health alone answers without one.
    const health = createClient(Health, createGrpcTransport({ baseUrl: internal }));
    expect((await health.check({ service: "" })).status).toBe(1);
  });

  it("refuses a service call without a credential, or with one of another secret", async () => {
    const bare = createClient(
      IdentityService,
      createConnectTransport({ baseUrl: internal, httpVersion: "2" }),
    );
    const request = { provider: "google", email: "admin@example.com" };
    expect((await failure(bare.oAuthSignIn(request)))?.code).toBe(Code.Unauthenticated);
    const forged = createClient(
      IdentityService,
      remoteTransport(internal, new ServiceTrust("f".repeat(40)), "gateway"),
    );
    expect((await failure(forged.oAuthSignIn(request)))?.code).toBe(Code.Unauthenticated);
    const plain = await fetch(`${internal}/dirabot.identity.v1.IdentityService/OAuthSignIn`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer not-a-token" },
      body: JSON.stringify(request),
    });
    expect(plain.status).toBe(401);
    expect(await plain.text()).not.toContain("token");
    // A credential for one service does not open another.
    const token = await api.running.trust.mint("gateway", "dirabot.bots.v1.BotsService");
    const elsewhere = await fetch(`${internal}/dirabot.identity.v1.IdentityService/ListUsers`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: "{}",
    });
    expect(elsewhere.status).toBe(401);
  });

  it("takes the actor from the credential only: a forged actor in the body changes nothing", async () => {
    const victim = await api.register("Victim");
    const attacker = await api.register("Attacker");
    const made = await api.call("POST", "/api/requests/website-create", {
      token: victim.token,
      body: { botName: "mine" },
    });
    expect(made.status).toBe(201);
    const token = await api.running.trust.mint("gateway", "dirabot.bots.v1.BotsService", {
      userId: attacker.id,
      admin: false,
      sessionId: "",
    });
    const res = await fetch(`${internal}/dirabot.bots.v1.BotsService/ListBots`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ all: true, actor: { userId: victim.id, admin: true }, actorId: victim.id }),
    });
    const text = await res.text();
    expect(text).not.toContain(victim.id);
    if (res.ok) expect(JSON.parse(text).bots ?? []).toEqual([]);
    else expect([400, 403]).toContain(res.status);
  });

  it("caps what one service call may carry", async () => {
    // A transport of its own: the product's clients cap what they send too, and would never let
    // the oversized call reach the server this test is about.
    const client = createClient(
      IdentityService,
      createConnectTransport({
        baseUrl: internal,
        httpVersion: "2",
        interceptors: [api.running.trust.client("gateway")],
      }),
    );
    const err = await failure(
      client.login({ email: "a@example.com", password: "x".repeat(5 * 1024 * 1024) }),
    );
    expect(err?.code).toBe(Code.ResourceExhausted);
    // And the process is still there for the next caller.
    expect((await fetch(`${internal}/healthz`)).status).toBe(200);
  });
});
