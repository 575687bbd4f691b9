import { Code, ConnectError } from "@connectrpc/connect";
import { asActor } from "@dirabot/platform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email, type IdentityHarness, startIdentity } from "../test/harness.ts";
import { QUIET_HOURS_ERRORS } from "./rules.ts";

/** The code and message a refused call carries, as the gateway passes them on to the screen. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err) => {
      const e = ConnectError.from(err);
      return { code: Code[e.code], message: e.rawMessage };
    },
  );

/** Accounts opened with a password: registration, sign-in, and what a user may change of theirs. */
describe("accounts with a password", () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startIdentity();
  }, 180_000);
  afterAll(() => h?.stop());

  async function register(name: string) {
    const mail = email(name);
    const { session } = await h.identity.register({
      firstname: ` ${name} `,
      lastname: "Cohen",
      email: mail,
      password: "password1",
    });
    const { sessionId } = await h.identity.authenticate({ token: session?.token as string });
    return {
      mail,
      session,
      actor: asActor({ userId: session?.user?.id as string, admin: false, sessionId }),
    };
  }

  it("opens an account signed in, a plain user with no notifications beyond the app", async () => {
    const { mail, session } = await register("dana");
    expect(session?.user).toMatchObject({
      firstname: "dana",
      lastname: "Cohen",
      email: mail,
      roles: ["user"],
      isBanned: false,
      oauthProvider: "none",
      notify: { telegramMatches: false },
    });
    expect(session?.user?.notify?.quietHours).toBeUndefined();
    const back = await h.identity.authenticate({ token: session?.token as string });
    expect(back.user?.id).toBe(session?.user?.id);
  });

  it("refuses a second account with the same email, and a form with a missing or short field", async () => {
    const { mail } = await register("twice");
    const form = { firstname: "A", lastname: "B", email: mail, password: "password1" };
    expect(await refusal(h.identity.register(form))).toEqual({
      code: "AlreadyExists",
      message: "An account with this email already exists",
    });
    expect(await refusal(h.identity.register({ ...form, email: email("x"), password: "12345" }))).toEqual({
      code: "InvalidArgument",
      message: "Password must be at least 6 characters",
    });
    expect(await refusal(h.identity.register({ ...form, email: "not-an-email" }))).toEqual({
      code: "InvalidArgument",
      message: "Please enter a valid email address",
    });
    expect(await refusal(h.identity.register({ ...form, email: email("y"), firstname: "  " }))).toEqual({
      code: "InvalidArgument",
      message: "First name is required",
    });
  });

  it("signs in with the right password only, with one answer for a wrong password and an unknown email", async () => {
    const { mail } = await register("sign");
    const { session } = await h.identity.login({ email: mail, password: "password1" });
    expect(session?.user?.email).toBe(mail);
    const wrong = await refusal(h.identity.login({ email: mail, password: "password2" }));
    const unknown = await refusal(h.identity.login({ email: email("nobody"), password: "password1" }));
    expect(wrong).toEqual({ code: "Unauthenticated", message: "Invalid email or password" });
    expect(unknown).toEqual(wrong);
  });

  it("keeps a user's notification settings, and refuses quiet hours that are not a window", async () => {
    const { session, actor } = await register("quiet");
    const id = session?.user?.id as string;
    await h.identity.updateUser(
      {
        id,
        notify: {
          telegramMatches: true,
          quietHoursChange: { case: "quietHours", value: { from: "23:00", to: "07:00" } },
        },
      },
      actor,
    );
    expect((await h.identity.getUser({ id })).user?.notify).toMatchObject({
      telegramMatches: true,
      quietHours: { from: "23:00", to: "07:00" },
    });
    const window = (from: string, to: string) =>
      refusal(
        h.identity.updateUser(
          { id, notify: { quietHoursChange: { case: "quietHours", value: { from, to } } } },
          actor,
        ),
      );
    expect(await window("25:00", "07:00")).toEqual({
      code: "InvalidArgument",
      message: QUIET_HOURS_ERRORS.from,
    });
    expect(await window("23:00", "7:00")).toEqual({
      code: "InvalidArgument",
      message: QUIET_HOURS_ERRORS.to,
    });
    expect(await window("08:00", "08:00")).toEqual({
      code: "InvalidArgument",
      message: QUIET_HOURS_ERRORS.same,
    });
    await h.identity.updateUser(
      { id, notify: { quietHoursChange: { case: "clearQuietHours", value: true } } },
      actor,
    );
    const after = (await h.identity.getUser({ id })).user?.notify;
    expect(after?.telegramMatches).toBe(true);
    expect(after?.quietHours).toBeUndefined();
  });

  it("reads many users in one call: those that exist, each once, and at most 1,000 ids", async () => {
    const a = (await register("many-a")).session?.user?.id as string;
    const b = (await register("many-b")).session?.user?.id as string;
    const { users } = await h.identity.getUsers({ ids: [a, "no-such-user", b, a] });
    expect(users.map((u) => u.id).sort()).toEqual([a, b].sort());
    expect(users.find((u) => u.id === b)).toMatchObject({
      lastname: "Cohen",
      notify: { telegramMatches: false },
    });
    expect((await h.identity.getUsers({ ids: [] })).users).toEqual([]);
    const ids = Array.from({ length: 1001 }, (_, i) => `id-${i}`);
    expect(await refusal(h.identity.getUsers({ ids }))).toEqual({
      code: "InvalidArgument",
      message: "At most 1000 users can be read at once",
    });
  });

  it("finds an account's id by its e-mail in any case, and none for an unknown or malformed one", async () => {
    const r = await register("findme");
    const id = r.session?.user?.id as string;
    const mail = r.session?.user?.email as string;
    expect((await h.identity.findUserByEmail({ email: ` ${mail.toUpperCase()} ` })).userId).toBe(id);
    for (const other of ["nobody-at-all@example.com", "", "x".repeat(300)])
      expect((await h.identity.findUserByEmail({ email: other })).userId).toBe("");
  });

  it("lets a user change their own name and avatar, not another's profile, their roles or a ban", async () => {
    const me = await register("self");
    const other = await register("other");
    const id = me.session?.user?.id as string;
    const { user } = await h.identity.updateUser({ id, firstname: "Noa", avatar: "7" }, me.actor);
    expect(user).toMatchObject({ firstname: "Noa", avatar: "7" });
    expect(await refusal(h.identity.updateUser({ id, avatar: "26" }, me.actor))).toEqual({
      code: "InvalidArgument",
      message: "Avatar must be one of the 25 presets",
    });
    expect(
      await refusal(
        h.identity.updateUser({ id: other.session?.user?.id as string, firstname: "X" }, me.actor),
      ),
    ).toEqual({ code: "PermissionDenied", message: "You may only change your own profile" });
    expect(await refusal(h.identity.updateUser({ id, roles: ["admin"] }, me.actor))).toEqual({
      code: "PermissionDenied",
      message: "Only admins may change roles or bans",
    });
    expect(await refusal(h.identity.updateUser({ id, isBanned: false }, me.actor))).toEqual({
      code: "PermissionDenied",
      message: "Only admins may change roles or bans",
    });
    expect(await refusal(h.identity.listUsers({}, me.actor))).toEqual({
      code: "PermissionDenied",
      message: "Admin access required",
    });
  });
});
