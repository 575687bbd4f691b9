import { Code } from "@connectrpc/connect";
import { toAppError } from "@dirabot/platform";
import { waitFor } from "@dirabot/platform/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, as, FLORENTIN, failure, type Harness, startBots, user } from "../test/harness.ts";

const search = { neighborhoodCodes: [FLORENTIN], priceMin: 3000, priceMax: 8000, minRooms: 2 };
const form = { active: true, ...search };

describe("shared bots: invites and members", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startBots();
  });
  afterAll(() => h?.stop());

  async function sharedBot() {
    const owner = user();
    const member = user();
    const { bot } = await h.bots.createBot({ botName: "Our flat", search }, as(owner));
    if (!bot) throw new Error("no bot");
    const invite = await h.bots.createInvite({ botId: bot.id }, as(owner));
    await h.bots.acceptInvite({ token: invite.token }, as(member));
    return { owner, member, bot, invite };
  }

  it("makes a 7-day link; accepting it makes a member, announced once", async () => {
    const { owner, member, bot, invite } = await sharedBot();
    expect(invite.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const days = (Number(invite.expiresAt?.seconds) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const { members } = await h.bots.listMembers({ botId: bot.id }, as(member));
    expect(members.map((m) => [m.userId, m.role])).toEqual([
      [owner.userId, "owner"],
      [member.userId, "member"],
    ]);
    // Accepting the same link again is harmless and announces nothing more.
    await h.bots.acceptInvite({ token: invite.token }, as(member));
    const added = await waitFor(
      async () => h.recorder.seen.filter((e) => e.type === "bot.member_added" && e.payload.botId === bot.id),
      "bot.member_added",
    );
    expect(added).toHaveLength(1);
    expect(added[0]?.payload).toMatchObject({
      chatId: bot.chatId,
      ownerId: owner.userId,
      userId: member.userId,
    });
  });

  it("shows the shared bot to the member, beside their own, and to nobody else", async () => {
    const { owner, member, bot } = await sharedBot();
    const { bot: other } = await h.bots.createBot({ botName: "Owner's own" }, as(owner));
    const mine = (await h.bots.listBots({}, as(member))).bots;
    expect(mine.map((b) => b.id)).toEqual([bot.id]);
    expect(mine[0]?.memberIds).toEqual([member.userId]);
    expect((await h.bots.getBot({ id: bot.id }, as(member))).bot?.botName).toBe("Our flat");
    // The owner's other bot stays theirs alone.
    expect((await failure(h.bots.getBot({ id: other?.id ?? "" }, as(member))))?.code).toBe(Code.NotFound);
    const stranger = user();
    expect((await failure(h.bots.getBot({ id: bot.id }, as(stranger))))?.code).toBe(Code.NotFound);
    expect((await failure(h.bots.listMembers({ botId: bot.id }, as(stranger))))?.code).toBe(Code.NotFound);
    // Admins see the members.
    const all = (await h.bots.listBots({ all: true }, as(admin()))).bots;
    expect(all.find((b) => b.id === bot.id)?.memberIds).toEqual([member.userId]);
  });

  it("lets a member change the search only while the owner allows it, never the switch", async () => {
    const { owner, member, bot } = await sharedBot();
    const denied = await failure(h.bots.updateBot({ id: bot.id, ...form, priceMax: 9000 }, as(member)));
    expect(denied?.code).toBe(Code.PermissionDenied);
    expect(denied?.rawMessage).toBe("The bot's owner has not let members change its search");
    await h.bots.updateBot({ id: bot.id, ...form, membersMayEdit: true }, as(owner));
    const { bot: changed } = await h.bots.updateBot({ id: bot.id, ...form, priceMax: 9000 }, as(member));
    expect(changed?.priceMax).toBe(9000);
    expect(changed?.membersMayEdit).toBe(true);
    const sw = await failure(h.bots.updateBot({ id: bot.id, ...form, membersMayEdit: false }, as(member)));
    expect(sw?.code).toBe(Code.PermissionDenied);
  });

  it("never lets a member delete the bot; invite only while the owner allows it, never the switches", async () => {
    const { owner, member, bot } = await sharedBot();
    expect((await failure(h.bots.deleteBot({ id: bot.id }, as(member))))?.code).toBe(Code.NotFound);
    expect(bot.membersMayInvite).toBe(false);
    const invite = await failure(h.bots.createInvite({ botId: bot.id }, as(member)));
    expect(invite?.code).toBe(Code.PermissionDenied);
    expect(invite?.rawMessage).toBe("The bot's owner has not let members invite others");
    // A member who may edit still cannot turn the invite switch on.
    await h.bots.updateBot({ id: bot.id, ...form, membersMayEdit: true }, as(owner));
    const sw = await failure(h.bots.updateBot({ id: bot.id, ...form, membersMayInvite: true }, as(member)));
    expect([sw?.code, sw?.rawMessage]).toEqual([Code.PermissionDenied, "Only the bot's owner can do this"]);

    const { bot: on } = await h.bots.updateBot({ id: bot.id, ...form, membersMayInvite: true }, as(owner));
    expect(on?.membersMayInvite).toBe(true);
    const link = await h.bots.createInvite({ botId: bot.id }, as(member));
    const third = user();
    await h.bots.acceptInvite({ token: link.token }, as(third));
    // Inviting does not let the member remove others nor turn the switch off.
    const out = await failure(h.bots.removeMember({ botId: bot.id, userId: third.userId }, as(member)));
    expect(out?.code).toBe(Code.PermissionDenied);
    const off = await failure(h.bots.updateBot({ id: bot.id, ...form, membersMayInvite: false }, as(member)));
    expect(off?.code).toBe(Code.PermissionDenied);
    expect((await h.bots.getBot({ id: bot.id }, as(member))).bot?.membersMayInvite).toBe(true);
  });

  it("announces an invite by an existing account's e-mail to that account, once, and no other", async () => {
    const { owner, member, bot } = await sharedBot();
    const dana = user();
    const invite = await h.bots.createInvite(
      { botId: bot.id, email: "dana@example.com", inviteeId: dana.userId },
      as(owner),
    );
    expect(invite.told).toBe(true);
    // No account found (no inviteeId), a plain link, the owner's own account, a member already: nothing.
    await h.bots.createInvite({ botId: bot.id, email: "nobody@example.com" }, as(owner));
    await h.bots.createInvite({ botId: bot.id, inviteeId: user().userId }, as(owner));
    await h.bots.createInvite({ botId: bot.id, email: "me@example.com", inviteeId: owner.userId }, as(owner));
    const again = await h.bots.createInvite(
      { botId: bot.id, email: "m@example.com", inviteeId: member.userId },
      as(owner),
    );
    expect(again.told).toBe(false);
    const told = await waitFor(
      async () => h.recorder.seen.filter((e) => e.type === "bot.invited" && e.payload.botId === bot.id),
      "bot.invited",
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.payload).toMatchObject({
      botName: "Our flat",
      inviterId: owner.userId,
      userId: dana.userId,
      token: invite.token,
    });
    expect(Number(told[0]?.payload.expiresAt?.seconds)).toBe(Number(invite.expiresAt?.seconds));
  });

  it("refuses a used, an expired, an unknown invite and one for another e-mail, each with its code", async () => {
    const owner = user();
    const { bot } = await h.bots.createBot({ botName: "Invites", search }, as(owner));
    const botId = bot?.id ?? "";
    const used = await h.bots.createInvite({ botId }, as(owner));
    await h.bots.acceptInvite({ token: used.token }, as(user()));
    const second = toAppError(await failure(h.bots.acceptInvite({ token: used.token }, as(user()))));
    expect([second.code, second.message]).toEqual([
      "invite_used",
      "This invite link was used already. Ask for a new one.",
    ]);

    const old = await h.bots.createInvite({ botId }, as(owner));
    await sql`UPDATE bots.bot_invites SET expires_at = now() - interval '1 second'
      WHERE token = ${old.token}`.execute(h.db());
    const expired = toAppError(await failure(h.bots.acceptInvite({ token: old.token }, as(user()))));
    expect([expired.code, expired.message]).toEqual([
      "invite_expired",
      "This invite link has expired. Ask for a new one.",
    ]);

    for (const token of ["x".repeat(32), "../../etc", ""]) {
      const unknown = toAppError(await failure(h.bots.acceptInvite({ token }, as(user()))));
      expect(unknown.code).toBe("not_found");
    }

    // Bound to an e-mail: the same answer whether such an account exists or not; only it accepts.
    const bound = await h.bots.createInvite({ botId, email: " Dana@Example.com " }, as(owner));
    expect(bound.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = toAppError(
      await failure(h.bots.acceptInvite({ token: bound.token, email: "someone@example.com" }, as(user()))),
    );
    expect(other.code).toBe("permission_denied");
    const dana = user();
    await h.bots.acceptInvite({ token: bound.token, email: "dana@example.com" }, as(dana));
    expect((await h.bots.getBot({ id: botId }, as(dana))).bot?.id).toBe(botId);

    // The owner's own link does nothing for the owner.
    const own = await h.bots.createInvite({ botId }, as(owner));
    expect(toAppError(await failure(h.bots.acceptInvite({ token: own.token }, as(owner)))).code).toBe(
      "already_exists",
    );
  });

  it("lets the owner remove a member and a member leave, never the owner; each announced", async () => {
    const { owner, member, bot } = await sharedBot();
    const second = user();
    const again = await h.bots.createInvite({ botId: bot.id }, as(owner));
    await h.bots.acceptInvite({ token: again.token }, as(second));
    // A member cannot remove another member, nor the owner.
    const other = await failure(h.bots.removeMember({ botId: bot.id, userId: second.userId }, as(member)));
    expect(other?.code).toBe(Code.PermissionDenied);
    const ownerOut = await failure(h.bots.removeMember({ botId: bot.id, userId: owner.userId }, as(owner)));
    expect(ownerOut?.code).toBe(Code.FailedPrecondition);
    await h.bots.removeMember({ botId: bot.id, userId: member.userId }, as(owner));
    await h.bots.removeMember({ botId: bot.id, userId: second.userId }, as(second));
    for (const gone of [member, second]) {
      expect((await failure(h.bots.getBot({ id: bot.id }, as(gone))))?.code).toBe(Code.NotFound);
      expect((await h.bots.listBots({}, as(gone))).bots).toEqual([]);
    }
    const removed = await waitFor(async () => {
      const r = h.recorder.seen.filter((e) => e.type === "bot.member_removed" && e.payload.botId === bot.id);
      return r.length === 2 ? r : undefined;
    }, "bot.member_removed twice");
    expect(removed.map((e) => e.payload.userId).sort()).toEqual([member.userId, second.userId].sort());
    expect(
      (await failure(h.bots.removeMember({ botId: bot.id, userId: member.userId }, as(owner))))?.code,
    ).toBe(Code.NotFound);
  });

  it("tells the members when the bot is deleted", async () => {
    const { owner, member, bot } = await sharedBot();
    await h.bots.deleteBot({ id: bot.id }, as(owner));
    await waitFor(
      async () =>
        h.recorder.seen.find(
          (e) =>
            e.type === "bot.member_removed" &&
            e.payload.botId === bot.id &&
            e.payload.userId === member.userId,
        ),
      "bot.member_removed on delete",
    );
    expect((await h.bots.listBots({}, as(member))).bots).toEqual([]);
  });

  it("shows an admin the bots a user owns and shares, and the ones shared with them; nobody else", async () => {
    const { owner, member, bot } = await sharedBot();
    const { bot: own } = await h.bots.createBot({ botName: "Member's own", search }, as(member));
    const ofMember = await h.bots.listUserBots({ userId: member.userId }, as(admin()));
    expect(ofMember.bots.map((b) => [b.botName, b.userId, b.memberIds])).toEqual([
      [own?.botName, member.userId, []],
      [bot.botName, owner.userId, [member.userId]],
    ]);
    const ofOwner = await h.bots.listUserBots({ userId: owner.userId }, as(admin()));
    expect(ofOwner.bots.map((b) => b.id)).toEqual([bot.id]);
    for (const who of [owner, member])
      expect((await failure(h.bots.listUserBots({ userId: owner.userId }, as(who))))?.code).toBe(
        Code.PermissionDenied,
      );
  });
});
