import { asActor, toAppError } from "@dirabot/platform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email, type IdentityHarness, startIdentity } from "../test/harness.ts";

/** How identity refuses a token: the product's code and, for a ban, its reason. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (err) => {
      const e = toAppError(err);
      return e.code === "banned" ? { code: e.code, bannedReason: e.bannedReason } : { code: e.code };
    },
  );

/**
 * A session a ban ended is refused as `banned`, with the ban's reason, so the person holding it
 * is shown why; every other end of a session (logout, password, role) stays the plain refusal.
 */
describe("sessions a ban ended", () => {
  let h: IdentityHarness;
  const adminEmail = email("admin");
  let boss: { userId: string; admin: boolean; sessionId: string };
  beforeAll(async () => {
    h = await startIdentity({ settings: { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: "admin-pass-1" } });
    const { session } = await h.identity.login({ email: adminEmail, password: "admin-pass-1" });
    const { sessionId } = await h.identity.authenticate({ token: session?.token as string });
    boss = { userId: session?.user?.id as string, admin: true, sessionId };
  }, 180_000);
  afterAll(() => h?.stop());

  async function user() {
    const mail = email("b");
    const { session } = await h.identity.register({
      firstname: "B",
      lastname: "C",
      email: mail,
      password: "password1",
    });
    return { mail, id: session?.user?.id as string, token: session?.token as string };
  }
  const ban = (id: string, isBanned: boolean, bannedReason = "") =>
    h.identity.updateUser({ id, isBanned, bannedReason }, asActor(boss));

  it("a ban's session is refused as banned with the reason; a logged-out one plainly", async () => {
    const u = await user();
    const out = (await h.identity.login({ email: u.mail, password: "password1" })).session?.token as string;
    await h.identity.logout({ token: out });
    await ban(u.id, true, "שלח ספאם לכל הקבוצות");
    expect(await refusal(h.identity.authenticate({ token: u.token }))).toEqual({
      code: "banned",
      bannedReason: "שלח ספאם לכל הקבוצות",
    });
    // Ended by its logout before the ban: nothing to tell.
    expect(await refusal(h.identity.authenticate({ token: out }))).toEqual({ code: "unauthenticated" });
  });

  it("the reason read is the ban's as it stands, and an empty one stays empty", async () => {
    const u = await user();
    await ban(u.id, true);
    expect(await refusal(h.identity.authenticate({ token: u.token }))).toEqual({
      code: "banned",
      bannedReason: "",
    });
    await h.identity.updateUser({ id: u.id, bannedReason: "fake listings" }, asActor(boss));
    expect(await refusal(h.identity.authenticate({ token: u.token }))).toEqual({
      code: "banned",
      bannedReason: "fake listings",
    });
  });

  it("a lifted ban: the old session is plainly over, and signing in works as before", async () => {
    const u = await user();
    await ban(u.id, true, "spam");
    await ban(u.id, false);
    expect(await refusal(h.identity.authenticate({ token: u.token }))).toEqual({ code: "unauthenticated" });
    const again = (await h.identity.login({ email: u.mail, password: "password1" })).session;
    const { user: back } = await h.identity.authenticate({ token: again?.token as string });
    expect(back).toMatchObject({ id: u.id, isBanned: false, bannedReason: "" });
  });

  it("a role change or a password change ends sessions plainly", async () => {
    const u = await user();
    const other = (await h.identity.login({ email: u.mail, password: "password1" })).session?.token as string;
    const { sessionId } = await h.identity.authenticate({ token: u.token });
    await h.identity.changePassword(
      { currentPassword: "password1", newPassword: "password2" },
      asActor({ userId: u.id, admin: false, sessionId }),
    );
    expect(await refusal(h.identity.authenticate({ token: other }))).toEqual({ code: "unauthenticated" });
    await h.identity.updateUser({ id: u.id, roles: ["user", "admin"] }, asActor(boss));
    expect(await refusal(h.identity.authenticate({ token: u.token }))).toEqual({ code: "unauthenticated" });
    // Banned later: sessions that had already ended for another reason keep it.
    await ban(u.id, true, "spam");
    expect(await refusal(h.identity.authenticate({ token: u.token }))).toEqual({ code: "unauthenticated" });
  });
});
