import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Client } from "@connectrpc/connect";
import { botRoutes as bots, InviteBody, inviteRoutes } from "@dirabot/api";
import { AppError } from "@dirabot/platform";
import type { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type Router from "@koa/router";
import { requireAdmin, requireUser } from "../auth/session.ts";
import { body } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { type Limiter, spend } from "../rate-limit.ts";
import { actingUser, lookUpUsers, personJson } from "./actor.ts";

interface Deps {
  bots: Client<typeof BotsService>;
  identity: Client<typeof IdentityService>;
  /** The site's address: an invite's link is on it. */
  publicUrl: string;
  /** Invites by e-mail per account: each tells whether an account has the address. */
  emailLimit: Limiter;
}

/**
 * Shared bots: invites, accepting one, the members and removing one. The bots service decides
 * who may do what (the owner invites and removes, a member leaves or, if let, invites); the chat service and the
 * sockets follow its bot.member_added / bot.member_removed.
 */
export function memberRoutes(
  router: Router,
  { bots: botsClient, identity, publicUrl, emailLimit }: Deps,
  doc: ApiDoc,
) {
  const id = (k: { params: Record<string, string | undefined> }) => k.params.id ?? "";

  doc.add(bots.invite);
  router.post("/api/requests/:id/invites", requireUser, async (k) => {
    const me = actingUser(k);
    const { email = "" } = await body(k, InviteBody);
    // An e-mail is looked up so its account can be told; the budget keeps that from being a way
    // to find out who has an account.
    let inviteeId = "";
    if (email) {
      await spend(emailLimit, me.user.id, k);
      inviteeId = (await identity.findUserByEmail({ email }, me.call)).userId;
    }
    const r = await botsClient.createInvite({ botId: id(k), email, inviteeId }, me.call);
    k.status = 201;
    k.body = {
      url: new URL(`/invite/${r.token}`, publicUrl).toString(),
      token: r.token,
      expiresAt: (r.expiresAt ? timestampDate(r.expiresAt) : new Date()).toISOString(),
      account: inviteeId !== "",
      told: r.told,
    };
  });

  doc.add(bots.members);
  router.get("/api/requests/:id/members", requireUser, async (k) => {
    const me = actingUser(k);
    const { members } = await botsClient.listMembers({ botId: id(k) }, me.call);
    const users = await lookUpUsers(
      identity,
      me.call,
      members.map((m) => m.userId).filter((u) => u !== me.user.id),
    );
    users.set(me.user.id, me.user);
    k.body = members.map((m) => {
      const u = users.get(m.userId);
      return {
        userId: m.userId,
        fullname: u ? personJson(u).fullname || u.email : "",
        role: m.role === "owner" ? ("owner" as const) : ("member" as const),
      };
    });
  });

  doc.add(bots.removeMember);
  router.delete("/api/requests/:id/members/:userId", requireUser, async (k) => {
    const me = actingUser(k);
    await botsClient.removeMember({ botId: id(k), userId: k.params.userId ?? "" }, me.call);
    k.body = { success: true };
  });

  // The admin users screen: who shares which bot. Bots refuses non-admins as well.
  doc.add(bots.userSharing);
  router.get("/api/users/:id/sharing", requireAdmin, async (k) => {
    const me = actingUser(k);
    const userId = k.params.id ?? "";
    const { bots: all } = await botsClient.listUserBots({ userId }, me.call);
    const owned = all.filter((b) => b.userId === userId && b.memberIds.length > 0);
    const memberOf = all.filter((b) => b.userId !== userId);
    const users = await lookUpUsers(identity, me.call, [
      ...owned.flatMap((b) => b.memberIds),
      ...memberOf.map((b) => b.userId),
    ]);
    const named = (id: string) => {
      const u = users.get(id);
      return { userId: id, fullname: u ? personJson(u).fullname || u.email : "" };
    };
    k.body = {
      owned: owned.map((b) => ({ botId: b.id, botName: b.botName, members: b.memberIds.map(named) })),
      memberOf: memberOf.map((b) => ({ botId: b.id, botName: b.botName, owner: named(b.userId) })),
    };
  });

  doc.add(inviteRoutes.accept);
  router.post("/api/invites/:token/accept", requireUser, async (k) => {
    const me = actingUser(k);
    const { bot } = await botsClient.acceptInvite(
      { token: k.params.token ?? "", email: me.user.email },
      me.call,
    );
    if (!bot) throw new AppError("internal", "The bots service answered without a bot");
    k.body = { requestId: bot.id, chatId: bot.chatId, botName: bot.botName };
  });
}
