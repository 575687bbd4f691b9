import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ConnectRouter } from "@connectrpc/connect";
import { toAppError } from "@dirabot/platform";
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

/** Turns the product's errors into Connect errors with the same code and message. */
async function rpc<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toAppError(err).toConnect();
  }
}

/** One thin handler per RPC: the rules live in the services. */
export function routes(auth: AuthService, users: UsersService, reset: ResetService) {
  return (router: ConnectRouter) =>
    router.service(IdentityService, {
      register: (r) => rpc(async () => session(await auth.register(r))),
      oAuthSignIn: (r) => rpc(async () => session(await auth.oauth(r))),
      login: (r) => rpc(async () => session(await auth.login(r.email, r.password))),
      authenticate: (r) =>
        rpc(async () => {
          const { user, sessionId } = await auth.authenticate(r.token);
          return { user: toUser(user), sessionId };
        }),
      logout: (r) =>
        rpc(async () => {
          await auth.logout(r.token);
          return {};
        }),
      changePassword: (r) =>
        rpc(async () => {
          await auth.changePassword(r.userId, r.currentPassword, r.newPassword);
          return {};
        }),
      getUser: (r) => rpc(async () => ({ user: toUser(await users.get(r.id)) })),
      updateUser: (r) =>
        rpc(async () => ({
          user: toUser(
            await users.update(r.actorId, r.id, {
              firstname: r.firstname,
              lastname: r.lastname,
              avatar: r.avatar,
              roles: r.roles.length > 0 ? r.roles : undefined, // empty: leave as is
              isBanned: r.isBanned,
              bannedReason: r.bannedReason,
            }),
          ),
        })),
      listUsers: (r) => rpc(async () => ({ users: (await users.list(r.actorId, r.search)).map(toUser) })),
      countUsers: (r) =>
        rpc(async () => {
          const c = await users.count(r.actorId);
          return { count: BigInt(c.count), bannedCount: BigInt(c.banned), createdLastDay: BigInt(c.lastDay) };
        }),
      deleteUser: (r) =>
        rpc(async () => {
          await users.remove(r.actorId, r.id);
          return {};
        }),
      requestPasswordReset: (r) =>
        rpc(async () => {
          await reset.request(r.email, r.publicUrl);
          return {};
        }),
      verifyResetCode: (r) =>
        rpc(async () => {
          await reset.verify(r.email, r.code);
          return {};
        }),
      resetPassword: (r) =>
        rpc(async () => {
          await reset.reset(r.email, r.token ? { token: r.token } : { code: r.code }, r.newPassword);
          return {};
        }),
    });
}
