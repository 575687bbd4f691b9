import { Code, ConnectError } from "@connectrpc/connect";
import { asActor } from "@dirabot/platform";
import { eventsRecorder, waitFor } from "@dirabot/platform/testing";
import { SessionsEnded } from "@dirabot/proto/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email, type IdentityHarness, startIdentity } from "../test/harness.ts";

const unauthenticated = (p: Promise<unknown>) =>
  p.then(
    () => false,
    (err) => ConnectError.from(err).code === Code.Unauthenticated,
  );

/**
 * Sessions end with the right that granted them, and identity says which (sessions.ended) so the
 * gateway can drop them at once: logout that one, a password change the others, a ban, a role
 * change and a deletion all of them.
 */
describe("sessions ended before their time", () => {
  let h: IdentityHarness;
  const recorder = eventsRecorder([SessionsEnded]);
  const adminEmail = email("admin");
  let boss: { userId: string; admin: boolean; sessionId: string };
  beforeAll(async () => {
    h = await startIdentity({
      settings: { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: "admin-pass-1" },
      modules: [recorder.module],
    });
    const { session } = await h.identity.login({ email: adminEmail, password: "admin-pass-1" });
    const { sessionId } = await h.identity.authenticate({ token: session?.token as string });
    boss = { userId: session?.user?.id as string, admin: true, sessionId };
  }, 180_000);
  afterAll(() => h?.stop());

  /** A user signed in twice: two sessions. */
  async function twice() {
    const mail = email("u");
    const first = (
      await h.identity.register({ firstname: "U", lastname: "V", email: mail, password: "password1" })
    ).session;
    const second = (await h.identity.login({ email: mail, password: "password1" })).session;
    const tokens = [first?.token as string, second?.token as string];
    const ids = await Promise.all(
      tokens.map(async (token) => (await h.identity.authenticate({ token })).sessionId),
    );
    return { userId: first?.user?.id as string, tokens, ids };
  }
  const ended = (userId: string) =>
    recorder.seen
      .filter((e) => e.type === "sessions.ended" && e.payload.userId === userId)
      .map((e) => e.payload);
  const announced = (userId: string, n = 1) =>
    waitFor(async () => (ended(userId).length >= n ? ended(userId) : undefined), "sessions.ended");

  it("logout ends that session", async () => {
    const u = await twice();
    await h.identity.logout({ token: u.tokens[0] });
    expect(await unauthenticated(h.identity.authenticate({ token: u.tokens[0] as string }))).toBe(true);
    expect(await unauthenticated(h.identity.authenticate({ token: u.tokens[1] as string }))).toBe(false);
    expect(await announced(u.userId)).toMatchObject([{ sessionIds: [u.ids[0]], all: false }]);
  });

  it("a password change ends every other session, not the one it was made in", async () => {
    const u = await twice();
    const actor = { userId: u.userId, admin: false, sessionId: u.ids[0] as string };
    await h.identity.changePassword(
      { currentPassword: "password1", newPassword: "password2" },
      asActor(actor),
    );
    expect(await unauthenticated(h.identity.authenticate({ token: u.tokens[0] as string }))).toBe(false);
    expect(await unauthenticated(h.identity.authenticate({ token: u.tokens[1] as string }))).toBe(true);
    expect(await announced(u.userId)).toMatchObject([{ sessionIds: [u.ids[1]], all: false }]);
  });

  it("a ban and a role change end all of them; a lifted ban or a new name none", async () => {
    const u = await twice();
    const as = asActor(boss);
    await h.identity.updateUser({ id: u.userId, firstname: "Renamed" }, as);
    await h.identity.updateUser({ id: u.userId, isBanned: true, bannedReason: "spam" }, as);
    for (const token of u.tokens)
      expect(await unauthenticated(h.identity.authenticate({ token }))).toBe(true);
    const [ban] = await announced(u.userId);
    expect(ban).toMatchObject({ all: true });
    expect([...(ban?.sessionIds ?? [])].sort()).toEqual([...u.ids].sort());

    await h.identity.updateUser({ id: u.userId, isBanned: false }, as);
    const back = (
      await h.identity.login({
        email: (await h.identity.getUser({ id: u.userId })).user?.email ?? "",
        password: "password1",
      })
    ).session?.token as string;
    await h.identity.updateUser({ id: u.userId, roles: ["user", "admin"] }, as);
    expect(await unauthenticated(h.identity.authenticate({ token: back }))).toBe(true);
    const after = await announced(u.userId, 2);
    expect(after).toHaveLength(2); // the ban's and the role change's, nothing for the rename or the unban
    expect(after[1]).toMatchObject({ all: true, sessionIds: [expect.any(String)] });
  });

  it("a deleted user's sessions are announced as ended", async () => {
    const u = await twice();
    await h.identity.deleteUser({ id: u.userId }, asActor(boss));
    const [gone] = await announced(u.userId);
    expect(gone).toMatchObject({ all: true });
    expect([...(gone?.sessionIds ?? [])].sort()).toEqual([...u.ids].sort());
  });
});
