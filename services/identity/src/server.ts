import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ConnectRouter, HandlerContext } from "@connectrpc/connect";
import { AppError, actorOf, callerOf, maybeActor } from "@dirabot/platform";
import {
  IdentityService,
  type UpdateUserRequest,
  type User,
  UserSchema,
} from "@dirabot/proto/identity/v1/identity_pb.js";
import type { AuthService, Opened } from "./auth.service.ts";
import type { ResetService } from "./reset.service.ts";
import type { SessionList } from "./session-list.ts";
import type { UserRow } from "./users.repo.ts";
import type { UpdateInput, UsersService } from "./users.service.ts";

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
    locale: row.locale,
    createdAt: timestampFromDate(row.created_at),
    telegram: { linked: Boolean(row.telegram_chat_id), username: row.telegram_username ?? "" },
    notify: {
      telegramMatches: row.notify_telegram_matches,
      quietHours: row.quiet_from && row.quiet_to ? { from: row.quiet_from, to: row.quiet_to } : undefined,
    },
    places: row.places.map((p) => ({ id: p.id, name: p.name, lat: p.lat, lon: p.lon })),
  });
}

/** UpdateUserRequest.notify as the service's input: unset fields stay as they are. */
function notifyChange(n: UpdateUserRequest["notify"]): UpdateInput["notify"] {
  if (!n) return undefined;
  const q = n.quietHoursChange;
  return {
    telegramMatches: n.telegramMatches,
    quietHours:
      q.case === "quietHours"
        ? { from: q.value.from, to: q.value.to }
        : q.case === "clearQuietHours" && q.value
          ? null
          : undefined,
  };
}

/**
 * The person's address, which only the gateway sees: another caller's word is not taken (its
 * guesses share one budget per account).
 */
function clientAddress(r: { clientAddress: string }, ctx: HandlerContext): string {
  if (callerOf(ctx) !== "gateway") return "";
  if (r.clientAddress.length > 64) throw new AppError("invalid_argument", "client_address is too long");
  return r.clientAddress;
}

const session = (o: Opened) => ({
  session: { token: o.token, user: toUser(o.user), expiresAt: timestampFromDate(o.expiresAt) },
});

/**
 * One thin handler per RPC: the rules live in the services; the acting user comes from the call's
 * verified credential, and errors are mapped once, by the host's trust interceptor.
 */
export function routes(auth: AuthService, users: UsersService, sessions: SessionList, reset: ResetService) {
  return (router: ConnectRouter) =>
    router.service(IdentityService, {
      register: async (r) => session(await auth.register(r)),
      oAuthSignIn: async (r) => session(await auth.oauth(r)),
      login: async (r) => session(await auth.login(r.email, r.password, r.userAgent)),
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
      reauthenticate: async (r, ctx) => {
        await auth.reauthenticate(actorOf(ctx), r.password);
        return {};
      },
      getUser: async (r) => ({ user: toUser(await users.get(r.id)) }),
      getUsers: async (r) => ({ users: (await users.getMany(r.ids)).map(toUser) }),
      findUserByEmail: async (r) => ({ userId: (await users.idByEmail(r.email)) ?? "" }),
      updateUser: async (r, ctx) => ({
        user: toUser(
          await users.update(actorOf(ctx).userId, r.id, {
            firstname: r.firstname,
            lastname: r.lastname,
            avatar: r.avatar,
            roles: r.roles.length > 0 ? r.roles : undefined, // empty: leave as is
            isBanned: r.isBanned,
            bannedReason: r.bannedReason,
            locale: r.locale,
            notify: notifyChange(r.notify),
            places: r.places?.places.map((p) => ({ id: p.id, name: p.name, lat: p.lat, lon: p.lon })),
          }),
        ),
      }),
      listUsers: async (r, ctx) => ({ users: (await users.list(actorOf(ctx).userId, r.search)).map(toUser) }),
      listSessions: async (_r, ctx) => ({ sessions: await sessions.list(actorOf(ctx)) }),
      endSession: async (r, ctx) => {
        await sessions.end(actorOf(ctx), r.id);
        return {};
      },
      listAdmins: async (_r, ctx) => ({ users: (await users.admins(maybeActor(ctx)?.userId)).map(toUser) }),
      countUsers: async (_r, ctx) => {
        const c = await users.count(actorOf(ctx).userId);
        return { count: BigInt(c.count), bannedCount: BigInt(c.banned), createdLastDay: BigInt(c.lastDay) };
      },
      deleteUser: async (r, ctx) => {
        await users.remove(actorOf(ctx).userId, r.id);
        return {};
      },
      requestPasswordReset: async (r, ctx) => {
        await reset.request(r.email, r.publicUrl, clientAddress(r, ctx));
        return {};
      },
      verifyResetCode: async (r, ctx) => {
        await reset.verify(r.email, r.code, clientAddress(r, ctx));
        return {};
      },
      resetPassword: async (r, ctx) => {
        const proof = r.token ? { token: r.token } : { code: r.code };
        await reset.reset(r.email, proof, r.newPassword, clientAddress(r, ctx));
        return {};
      },
    });
}
