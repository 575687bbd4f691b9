import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { asActor, keysFor, remoteTransport, ServiceKeys, ServiceTrust } from "@dirabot/platform";
import { countRows } from "@dirabot/platform/testing";
import { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi } from "../test/api-harness.ts";

type Api = Awaited<ReturnType<typeof startApi>>;

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err) => ConnectError.from(err),
  );

const IDENTITY = "dirabot.identity.v1.IdentityService";
const master = process.env.SERVICE_SECRET as string;

/** A token as an attacker signs it: any claims, any header, any key. */
const forge = (key: string, claims: { iss: string; aud: string; sub?: string }, kid?: string) =>
  new SignJWT(claims.sub ? { sub: claims.sub, adm: true } : {})
    .setProtectedHeader({ alg: "HS256", typ: "dirabot-service+jwt", ...(kid ? { kid } : {}) })
    .setIssuer(claims.iss)
    .setAudience(claims.aud)
    .setIssuedAt()
    .setExpirationTime("1m")
    .sign(new TextEncoder().encode(key));

/**
 * A compromised pod, tried from inside: a compromised pod holds only its own keys, and a caller
 * whose key is good still reaches only the RPCs docs/SECURITY.md lets it call.
 */
describe("each service may do only its job", () => {
  let api: Api;
  let internal: string;
  let admin: { id: string; email: string };
  const adminSessions = () =>
    countRows(api.running, "SELECT count(*)::int AS n FROM identity.sessions WHERE user_id = $1", [admin.id]);
  const as = (caller: string, callee: string, trust = api.running.trust) =>
    remoteTransport(internal, trust, caller, callee);

  beforeAll(async () => {
    api = await startApi("callers");
    internal = `http://127.0.0.1:${api.running.internalPort}`;
    const signedIn = await api.signInAdmin();
    admin = { id: signedIn.id, email: signedIn.email };
  });
  afterAll(() => api?.stop());

  it("a scraper-facebook credential gets no session from OAuthSignIn, and the admin's password stays", async () => {
    const before = await adminSessions();
    const request = { provider: "google", email: admin.email };
    // What a leaked scraper-facebook pod holds: its own keys, none for identity.
    const leaked = keysFor(master, "scraper-facebook");
    expect(leaked).not.toContain(">identity=");
    const scraper = new ServiceTrust(ServiceKeys.parse(leaked));
    const own = createClient(IdentityService, as("scraper-facebook", "identity", scraper));
    expect((await failure(own.oAuthSignIn(request)))?.code).toBe(Code.PermissionDenied);
    // Its listings key, under every name it might claim; and the attack of old, signed with the secret.
    const listingsKey = /scraper-facebook>listings=(\w+)/.exec(leaked)?.[1] as string;
    const tokens = [
      await forge(listingsKey, { iss: "scraper-facebook", aud: IDENTITY }, "scraper-facebook>listings"),
      await forge(listingsKey, { iss: "scraper-facebook", aud: IDENTITY }, "scraper-facebook>identity"),
      await forge(listingsKey, { iss: "gateway", aud: IDENTITY, sub: admin.id }, "gateway>identity"),
      await forge(master, { iss: "scraper-facebook", aud: IDENTITY }),
      await forge(master, { iss: "scraper-facebook", aud: IDENTITY }, "scraper-facebook>identity"),
    ];
    for (const token of tokens) {
      const res = await fetch(`${internal}/${IDENTITY}/OAuthSignIn`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(request),
      });
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain("token");
    }
    expect(await adminSessions()).toBe(before);
    // The password was not dropped by a claim: the admin still signs in with it.
    expect((await api.signInAdmin()).id).toBe(admin.id);
  });

  it("a key-holding service is refused the RPCs it does not make: notifications signs no one in", async () => {
    const before = await adminSessions();
    const identity = createClient(IdentityService, as("notifications", "identity"));
    for (const call of [
      () => identity.oAuthSignIn({ provider: "google", email: admin.email }),
      () => identity.login({ email: admin.email, password: "admin-pass-1" }),
      () =>
        identity.register({ firstname: "N", lastname: "S", email: "n-s@example.com", password: "secret1" }),
      () => identity.listUsers({}),
    ])
      expect((await failure(call()))?.code).toBe(Code.PermissionDenied);
    expect(await adminSessions()).toBe(before);
    // What it does call still answers.
    const { users } = await identity.getUsers({ ids: [admin.id] });
    expect(users.map((u) => u.id)).toEqual([admin.id]);
  });

  it("a scraper reads the watched areas and writes no bot; bots and chat ingest nothing", async () => {
    const owner = await api.register("Owner");
    const made = await api.call("POST", "/api/requests/website-create", {
      token: owner.token,
      body: { botName: "kept" },
    });
    expect(made.status).toBe(201);
    const botId = made.body._id as string;
    const actor = { userId: owner.id, admin: false, sessionId: "" };
    const scraper = createClient(BotsService, as("scraper-yad2", "bots"));
    await scraper.listWatchedAreas({});
    for (const call of [
      () => scraper.createBot({ botName: "planted" }, asActor(actor)),
      () => scraper.updateBot({ id: botId, botName: "renamed" }, asActor(actor)),
      () => scraper.deleteBot({ id: botId }, asActor(actor)),
      () => scraper.listBots({ all: true }, asActor({ ...actor, admin: true })),
    ])
      expect((await failure(call()))?.code).toBe(Code.PermissionDenied);
    const listed = await api.call("GET", "/api/requests", { token: owner.token });
    expect(JSON.stringify(listed.body)).toContain("kept");
    expect(JSON.stringify(listed.body)).not.toMatch(/planted|renamed/);

    for (const caller of ["bots", "scraper-yad2"] as const) {
      const listings = createClient(ListingsService, as(caller, "listings"));
      const ingest = failure(listings.ingest({ listings: [] }));
      if (caller === "bots") expect((await ingest)?.code).toBe(Code.PermissionDenied);
      else expect(await ingest).toBeUndefined();
    }
    // scraper-facebook ingests and geocodes, but the Yad2 cleaner's removals are not its to make.
    const facebook = createClient(ListingsService, as("scraper-facebook", "listings"));
    expect((await failure(facebook.recordChecks({ source: "yad2", results: [] })))?.code).toBe(
      Code.PermissionDenied,
    );
  });
});
