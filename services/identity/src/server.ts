import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ConnectRouter } from "@connectrpc/connect";
import { actorOf } from "@dirabot/platform";
import { IdentityService, type User, UserSchema } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { AuthService, Opened } from "./auth.service.ts";
import type { ResetService } from "./reset.service.ts";
import type { UserRow } from "./users.repo.ts";
import type { UsersService } from "./users.service.ts";

export function toUser(row: UserRow): User {
  return create(UserSchema, {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    avatar: row.avatar,
    roles: row.roles,
    isBanned: row.is_banned,
    bannedReason: row.banned_reason,
    oauthProvider: row.oauth_provider,
    createdAt: timestampFromDate(row.created_at),
    telegram: { linked: Boolean(row.telegram_chat_id), username: row.telegram_username ?? "" },
  });
}

const session = (o: Opened) => ({
  session: { token: o.token, user: toUser(o.user), expiresAt: timestampFromDate(o.expiresAt) },
});

/**
 * One thin handler per RPC: the rules live in the services; the acting user comes from the call's
 * verified credential, and errors are mapped once, by the host's trust interceptor.
 */
export function routes(auth: AuthService, users: UsersService, reset: ResetService) {
  return (router: ConnectRouter) =>
    router.service(IdentityService, {
      register: async (r) => session(await auth.register(r)),
      oAuthSignIn: async (r) => session(await auth.oauth(r)),
      login: async (r) => session(await auth.login(r.email, r.password)),
      authenticate: async (r) => {
        const { user, sessionId } = await auth.authenticate(r.token);
        return { user: toUser(user), sessionId };
      },
      logout: async (r) => {
        await auth.logout(r.token);
        return {};
      },
      changePassword: async (r, ctx) => {
        const actor = actorOf(ctx);
        await auth.changePassword(actor.userId, actor.sessionId, r.currentPassword, r.newPassword);
        return {};
      },
      getUser: async (r) => ({ user: toUser(await users.get(r.id)) }),
      updateUser: async (r, ctx) => ({
        user: toUser(
          await users.update(actorOf(ctx).userId, r.id, {
            firstname: r.firstname,
            lastname: r.lastname,
            avatar: r.avatar,
            roles: r.roles.length > 0 ? r.roles : undefined, // empty: leave as is
            isBanned: r.isBanned,
            bannedReason: r.bannedReason,
          }),
        ),
      }),
      listUsers: async (r, ctx) => ({ users: (await users.list(actorOf(ctx).userId, r.search)).map(toUser) }),
      countUsers: async (_r, ctx) => {
        const c = await users.count(actorOf(ctx).userId);
        return { count: BigInt(c.count), bannedCount: BigInt(c.banned), createdLastDay: BigInt(c.lastDay) };
      },
      deleteUser: async (r, ctx) => {
        await users.remove(actorOf(ctx).userId, r.id);
        return {};
      },
      requestPasswordReset: async (r) => {
        await reset.request(r.email, r.publicUrl);
        return {};
      },
      verifyResetCode: async (r) => {
        await reset.verify(r.email, r.code);
        return {};
      },
      resetPassword: async (r) => {
        await reset.reset(r.email, r.token ? { token: r.token } : { code: r.code }, r.newPassword);
        return {};
      },
    });
}
