import { ConnectError, createClient } from "@connectrpc/connect";
import { asUser, trustedTransport, waitFor } from "@dirabot/platform/testing";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { createTelegram } from "@dirabot/telegram";
import { BotApiDouble, REPLIES } from "@dirabot/telegram/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Person, startApi } from "../../test/api-harness.ts";

/**
 * A user's notification settings (docs/PRODUCT.md, People and roles): `notify` on GET /api/users/me
 * and PATCH /api/users/{id}, stored by identity and read back through its GetUser RPC, which is
 * where the notifications service reads them when it delivers a match.
 */
let api: Awaited<ReturnType<typeof startApi>>;
let double: BotApiDouble;
let dana: Person;
let eli: Person;
let admin: Person;

beforeAll(async () => {
  double = await BotApiDouble.start();
  api = await startApi("notify", {
    modules: [createTelegram({ lockRetryMs: 300 })],
    settings: { TELEGRAM_BOT_TOKEN: double.token, TELEGRAM_API_ROOT: double.url },
  });
  [dana, eli, admin] = await Promise.all([api.register("Dana"), api.register("Eli"), api.signInAdmin()]);
});
afterAll(async () => {
  await api?.stop();
  await double?.close();
});

const me = async (who: Person) => (await api.call("GET", "/api/users/me", { token: who.token })).body.user;
const patch = (who: Person, id: string, body: unknown) =>
  api.call("PATCH", `/api/users/${id}`, { token: who.token, body });

describe("notify settings", () => {
  it("start off: no Telegram matches, no quiet hours", async () => {
    expect((await me(dana)).notify).toEqual({ telegramMatches: false, quietHours: null });
  });

  it("are set by the user, partly at a time, and kept with every other field", async () => {
    const r = await patch(dana, dana.id, {
      notify: { telegramMatches: true, quietHours: { from: "23:00", to: "07:00" } },
    });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({
      firstname: "Dana",
      notify: { telegramMatches: true, quietHours: { from: "23:00", to: "07:00" } },
    });
    // Only what is sent changes: a name leaves notify alone, quietHours alone leaves Telegram on.
    await patch(dana, dana.id, { firstname: "Dana K" });
    await patch(dana, dana.id, { notify: { quietHours: { from: "13:30", to: "15:00" } } });
    expect(await me(dana)).toMatchObject({
      firstname: "Dana K",
      notify: { telegramMatches: true, quietHours: { from: "13:30", to: "15:00" } },
    });
    const cleared = await patch(dana, dana.id, { notify: { quietHours: null } });
    expect(cleared.body.user.notify).toEqual({ telegramMatches: true, quietHours: null });
    await patch(dana, dana.id, { notify: { telegramMatches: false } });
    expect((await me(dana)).notify).toEqual({ telegramMatches: false, quietHours: null });
  });

  it("refuse what is not a setting with a clear message and change nothing", async () => {
    await patch(dana, dana.id, {
      notify: { telegramMatches: true, quietHours: { from: "22:00", to: "06:30" } },
    });
    const bad: Array<[unknown, string]> = [
      [
        { quietHours: { from: "7:00", to: "08:00" } },
        'Quiet hours "from" must be a time as HH:mm, e.g. 23:00',
      ],
      [
        { quietHours: { from: "24:00", to: "08:00" } },
        'Quiet hours "from" must be a time as HH:mm, e.g. 23:00',
      ],
      [
        { quietHours: { from: "23:00", to: "07:60" } },
        'Quiet hours "to" must be a time as HH:mm, e.g. 07:00',
      ],
      [{ quietHours: { from: "23:00" } }, 'Quiet hours "to" must be a time as HH:mm, e.g. 07:00'],
      [{ quietHours: { from: "23:00", to: "23:00" } }, "Quiet hours must start and end at different times"],
      [{ quietHours: "23:00-07:00" }, "Quiet hours must be {from, to} or null"],
      [{ telegramMatches: "yes" }, "telegramMatches must be true or false"],
      [
        { telegramMatches: false, quietHours: { from: "01:00", to: "01:00" } },
        "Quiet hours must start and end at different times",
      ],
    ];
    for (const [notify, message] of bad) {
      const r = await patch(dana, dana.id, { firstname: "Changed", notify });
      expect({ notify, status: r.status, body: r.body }).toEqual({
        notify,
        status: 400,
        body: { message, code: "invalid_argument" },
      });
    }
    expect((await patch(dana, dana.id, { notify: "on" })).body.message).toBe("notify must be an object");
    expect(await me(dana)).toMatchObject({
      firstname: "Dana K",
      notify: { telegramMatches: true, quietHours: { from: "22:00", to: "06:30" } },
    });
  });

  it("are refused to another user and may be changed by an admin", async () => {
    const r = await patch(eli, dana.id, { notify: { telegramMatches: false } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: "You may only change your own profile", code: "permission_denied" });
    expect((await me(dana)).notify.telegramMatches).toBe(true);

    const a = await patch(admin, dana.id, { notify: { telegramMatches: false, quietHours: null } });
    expect(a.status).toBe(200);
    expect(a.body.user.notify).toEqual({ telegramMatches: false, quietHours: null });
    expect((await me(dana)).notify).toEqual({ telegramMatches: false, quietHours: null });
  });

  it("keep Telegram matches on without a linked account (the profile says a link is needed)", async () => {
    const r = await patch(eli, eli.id, { notify: { telegramMatches: true } });
    expect(r.status).toBe(200);
    expect(await me(eli)).toMatchObject({
      telegram: { linked: false },
      notify: { telegramMatches: true, quietHours: null },
    });
    // Linked afterwards, the setting holds: matches go to the new chat.
    const link = await api.call("POST", "/api/users/me/telegram-link", {
      token: eli.token,
      body: { password: "secret1" },
    });
    double.userSays({ chatId: 8801, username: "eli_t" }, `/start ${link.body.code}`);
    await waitFor(async () => (double.sentTo(8801).includes(REPLIES.linked) ? true : undefined), "the link");
    expect(await me(eli)).toMatchObject({
      telegram: { linked: true, username: "eli_t" },
      notify: { telegramMatches: true },
    });
    // A save answers the user as GET /me does, link included (the SPA replaces its user with it).
    const saved = await patch(eli, eli.id, { notify: { telegramMatches: true } });
    expect(saved.body.user.telegram).toEqual({ linked: true, username: "eli_t" });
  });

  it("are what identity's GetUsers answers, for the notifications service", async () => {
    await patch(eli, eli.id, { notify: { quietHours: { from: "23:00", to: "07:00" } } });
    const identity = createClient(IdentityService, trustedTransport(api.running, "notifications"));
    const { users } = await identity.getUsers({ ids: [eli.id, dana.id] });
    const user = users.find((u) => u.id === eli.id);
    expect(user?.notify?.telegramMatches).toBe(true);
    expect(user?.notify?.quietHours).toMatchObject({ from: "23:00", to: "07:00" });
    const fresh = users.find((u) => u.id === dana.id);
    expect(fresh?.notify?.telegramMatches).toBe(false);
    expect(fresh?.notify?.quietHours).toBeUndefined();
  });

  it("are checked by identity too, whoever calls it", async () => {
    const identity = createClient(IdentityService, trustedTransport(api.running));
    const refused = (from: string, to: string) =>
      identity
        .updateUser(
          {
            id: eli.id,
            firstname: "Changed",
            notify: { quietHoursChange: { case: "quietHours", value: { from, to } } },
          },
          asUser(eli.id),
        )
        .then(
          () => "accepted",
          (err) => ConnectError.from(err).rawMessage,
        );
    expect(await refused("7:00", "08:00")).toBe('Quiet hours "from" must be a time as HH:mm, e.g. 23:00');
    expect(await refused("07:00", "")).toBe('Quiet hours "to" must be a time as HH:mm, e.g. 07:00');
    expect(await refused("07:00", "07:00")).toBe("Quiet hours must start and end at different times");
    const { user } = await identity.getUser({ id: eli.id });
    expect(user?.firstname).toBe("Eli");
    expect(user?.notify?.quietHours).toMatchObject({ from: "23:00", to: "07:00" });
  });
});
