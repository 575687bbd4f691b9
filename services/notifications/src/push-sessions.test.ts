import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { identity } from "@dirabot/identity";
import { launch, type Running } from "@dirabot/platform";
import { asUser, testSettings, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PushReceiver } from "../test/push-receiver.ts";
import { createNotifications } from "./module.ts";

/**
 * A push subscription belongs to the session that made it: on real engines, identity ends
 * sessions (sessions.ended) and the notifications service drops their browsers, which the local
 * push service then hears nothing more for. Caps and the port rule too.
 */
describe("push subscriptions of a session", () => {
  let running: Running;
  let rx: PushReceiver;
  let push: ReturnType<typeof createClient<typeof NotificationsService>>;
  let users: ReturnType<typeof createClient<typeof IdentityService>>;
  const admin = { email: `admin-${uniqueId()}@example.com`, password: "admin-password-1" };

  beforeAll(async () => {
    rx = await PushReceiver.start();
    running = await launch(
      testSettings({ PUSH_PRIVATE_HOSTS: rx.host, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
      [
        identity,
        createNotifications({ pushAgent: rx.agent, pollMs: 100, schema: `notifications_${uniqueId()}` }),
      ],
    );
    push = createClient(NotificationsService, trustedTransport(running));
    users = createClient(IdentityService, trustedTransport(running));
    rx.vapidPublicKey = (await push.getVapidPublicKey({})).publicKey;
  });
  afterAll(async () => {
    await running?.stop();
    await rx?.close();
  });

  /** A signed-in browser: its session as the gateway would act for it. */
  const signIn = async (email: string, password: string) => {
    const { session } = await users.login({
      email,
      password,
      userAgent: "Mozilla/5.0 (X11; Linux) Firefox/140.0",
    });
    const { sessionId, user } = await users.authenticate({ token: session?.token as string });
    return {
      token: session?.token as string,
      call: asUser(user?.id as string, false, sessionId),
      userId: user?.id as string,
    };
  };
  const account = async () => {
    const email = `owner-${uniqueId()}@example.com`;
    await users.register({ firstname: "Dana", lastname: "Owner", email, password: "owner-password-1" });
    return { email, password: "owner-password-1" };
  };
  const subscribe = async (call: ReturnType<typeof asUser>) => {
    const b = rx.subscription();
    await push.subscribe(
      { subscription: { endpoint: b.endpoint, ...b.keys }, userAgent: "Chrome/140" },
      call,
    );
    return b;
  };
  const code = (p: Promise<unknown>) =>
    p.then(
      () => "ok",
      (e) => `${Code[ConnectError.from(e).code]}: ${ConnectError.from(e).rawMessage}`,
    );
  /** A notification to the user; answers once the owner's own browser has it. */
  const notifyAndWait = async (userId: string, call: ReturnType<typeof asUser>, seenBy: string) => {
    await push.createNotification({ userId, type: "system", title: "Hi", body: "A match", url: "/" }, call);
    await rx.until(() => (rx.to(seenBy).length ? true : undefined), "the owner's push");
  };
  const subscribed = async (call: ReturnType<typeof asUser>) =>
    (await push.listSubscriptions({}, call)).devices;

  it("a stolen session's browser stops getting pushes when the owner changes the password", async () => {
    const acc = await account();
    const owner = await signIn(acc.email, acc.password);
    const thief = await signIn(acc.email, acc.password);
    const ownerBrowser = await subscribe(owner.call);
    const thiefBrowser = await subscribe(thief.call);
    expect(await subscribed(owner.call)).toHaveLength(2);

    const ownerSession = (await users.authenticate({ token: owner.token })).sessionId;
    await users.changePassword(
      { currentPassword: acc.password, newPassword: "a-new-password-2" },
      asUser(owner.userId, false, ownerSession),
    );
    await waitFor(
      async () => ((await subscribed(owner.call)).length === 1 ? true : undefined),
      "the thief's browser gone",
    );
    await notifyAndWait(owner.userId, owner.call, ownerBrowser.id);
    expect(rx.to(thiefBrowser.id)).toEqual([]);
    const [left] = await subscribed(owner.call);
    expect(left).toMatchObject({ userAgent: "Chrome/140", currentSession: true });
    // Its last use is the push it was just delivered.
    await waitFor(async () => {
      const [d] = await subscribed(owner.call);
      return d?.lastUsedAt && d.createdAt && timestampDate(d.lastUsedAt) > timestampDate(d.createdAt)
        ? true
        : undefined;
    }, "the last use moved with the delivered push");
  });

  it("logout ends that session's browsers, a ban every browser of the account", async () => {
    const acc = await account();
    const a = await signIn(acc.email, acc.password);
    const b = await signIn(acc.email, acc.password);
    await subscribe(a.call);
    const bBrowser = await subscribe(b.call);
    await users.logout({ token: a.token });
    await waitFor(
      async () => ((await subscribed(b.call)).length === 1 ? true : undefined),
      "a's browser gone",
    );
    expect((await subscribed(b.call))[0]?.currentSession).toBe(true);

    const boss = await signIn(admin.email, admin.password);
    await users.updateUser({ id: b.userId, isBanned: true, bannedReason: "spam" }, asUser(boss.userId, true));
    await waitFor(
      async () => ((await subscribed(b.call)).length === 0 ? true : undefined),
      "every browser gone",
    );
    await push.createNotification(
      { userId: b.userId, type: "system", title: "Hi", body: "x", url: "/" },
      b.call,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(rx.to(bBrowser.id)).toEqual([]);
  });

  it("a Google claim drops the browsers of whoever opened the account with a password", async () => {
    const acc = await account();
    const squatter = await signIn(acc.email, acc.password);
    const theirs = await subscribe(squatter.call);
    await users.oAuthSignIn({ provider: "google", email: acc.email, firstname: "Real", lastname: "Owner" });
    await waitFor(
      async () => ((await subscribed(squatter.call)).length === 0 ? true : undefined),
      "their browser gone",
    );
    expect(await push.getSubscriptionStatus({ endpoint: theirs.endpoint }, squatter.call)).toMatchObject({
      subscribed: false,
    });
  });

  it("caps an account at 10 browsers: the 11th is refused, a known one may subscribe again", async () => {
    const acc = await account();
    const s = await signIn(acc.email, acc.password);
    const first = await subscribe(s.call);
    for (let i = 1; i < 10; i++) await subscribe(s.call);
    const b = rx.subscription();
    expect(await code(push.subscribe({ subscription: { endpoint: b.endpoint, ...b.keys } }, s.call))).toBe(
      "ResourceExhausted: This account already has 10 devices receiving notifications: remove one in your profile first",
    );
    expect(await subscribed(s.call)).toHaveLength(10);
    expect(
      await code(push.subscribe({ subscription: { endpoint: first.endpoint, ...first.keys } }, s.call)),
    ).toBe("ok");
    const [one] = await subscribed(s.call);
    await push.removeSubscription({ id: one?.id as string }, s.call);
    expect(await code(push.subscribe({ subscription: { endpoint: b.endpoint, ...b.keys } }, s.call))).toBe(
      "ok",
    );
  });

  it("takes endpoints on port 443 only (the double's host:port aside)", async () => {
    const acc = await account();
    const s = await signIn(acc.email, acc.password);
    const b = rx.subscription();
    const elsewhere = `https://push.example.com:8443/push/${uniqueId()}`;
    expect(await code(push.subscribe({ subscription: { ...b.keys, endpoint: elsewhere } }, s.call))).toBe(
      "InvalidArgument: Invalid subscription: the endpoint must be on port 443",
    );
    expect(
      await code(
        push.subscribe({ subscription: { ...b.keys, endpoint: "https://push.example.com:443/x" } }, s.call),
      ),
    ).toBe("ok");
    expect(await subscribed(s.call)).toHaveLength(1);
  });

  it("lists and removes only the caller's own browsers: another's id is not found", async () => {
    const mine = await signIn((await account()).email, "owner-password-1");
    const theirs = await signIn((await account()).email, "owner-password-1");
    const theirBrowser = await subscribe(theirs.call);
    const [their] = await subscribed(theirs.call);
    expect(await subscribed(mine.call)).toEqual([]);
    expect(await code(push.removeSubscription({ id: their?.id as string }, mine.call))).toBe(
      "NotFound: Device not found",
    );
    expect(await code(push.removeSubscription({ id: "nope" }, mine.call))).toBe("NotFound: Device not found");
    expect(await subscribed(theirs.call)).toHaveLength(1);
    await push.removeSubscription({ id: their?.id as string }, theirs.call);
    expect(await subscribed(theirs.call)).toEqual([]);
    expect(await push.getSubscriptionStatus({ endpoint: theirBrowser.endpoint }, theirs.call)).toMatchObject({
      subscribed: false,
    });
  });
});
