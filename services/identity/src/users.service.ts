import { create } from "@bufbuild/protobuf";
import { AppError, type Outbox } from "@dirabot/platform";
import { UserBanned, UserDeleted, UserPlacesChanged, UserUpdated } from "@dirabot/proto/events";
import {
  UserBannedSchema,
  UserDeletedSchema,
  UserPlacesChangedSchema,
  UserUpdatedSchema,
} from "@dirabot/proto/events/v1/identity_pb.js";
import { checkAvatar, checkLocale, checkName, checkPlaces, checkQuietHours, checkRoles } from "./rules.ts";
import type { SessionEnds } from "./sessions.ts";
import type { UserPatch, UserRow, UsersRepo } from "./users.repo.ts";

/** Ids one GetUsers call may ask for: a batch of deliveries, bounded so no call reads the table. */
export const MANY_USERS = 1000;

export interface UpdateInput {
  firstname?: string;
  lastname?: string;
  avatar?: string;
  roles?: string[];
  isBanned?: boolean;
  bannedReason?: string;
  /** "en" or "he". */
  locale?: string;
  /** What is unset stays; `quietHours: null` clears the window. */
  notify?: { telegramMatches?: boolean; quietHours?: { from: string; to: string } | null };
  /** The whole new list; unset: unchanged. A place without an id is new. Only the user's own. */
  places?: { id?: string; name: string; lat: number; lon: number }[];
}

/**
 * Who may see and change which user. A user changes only their own names, avatar and
 * notification settings; roles, bans, other users, listing and counting are for admins.
 */
export class UsersService {
  #repo: UsersRepo;
  #outbox: Outbox;
  #sessions: SessionEnds;
  constructor(repo: UsersRepo, outbox: Outbox, sessions: SessionEnds) {
    this.#repo = repo;
    this.#outbox = outbox;
    this.#sessions = sessions;
  }

  async get(id: string): Promise<UserRow> {
    const user = await this.#repo.byId(id);
    if (!user) throw new AppError("not_found", "User not found");
    return user;
  }

  /** The users of these ids that exist (at most MANY_USERS ids a call). */
  async getMany(ids: string[]): Promise<UserRow[]> {
    if (ids.length > MANY_USERS)
      throw new AppError("invalid_argument", `At most ${MANY_USERS} users can be read at once`);
    return this.#repo.byIds([...new Set(ids)]);
  }

  /** The id of the account with this e-mail (any case); none for a malformed or unknown one. */
  async idByEmail(email: string): Promise<string | undefined> {
    const e = email.trim();
    if (!e || e.length > 254) return undefined;
    return (await this.#repo.byEmail(e))?.id;
  }

  async #admin(actorId: string): Promise<UserRow> {
    const actor = await this.get(actorId).catch(() => undefined);
    if (!actor?.roles.includes("admin")) throw new AppError("permission_denied", "Admin access required");
    return actor;
  }

  async update(actorId: string, id: string, input: UpdateInput): Promise<UserRow> {
    const actor = await this.get(actorId);
    const isAdmin = actor.roles.includes("admin");
    if (actorId !== id && !isAdmin)
      throw new AppError("permission_denied", "You may only change your own profile");
    const adminOnly =
      input.roles !== undefined || input.isBanned !== undefined || input.bannedReason !== undefined;
    if (adminOnly && !isAdmin)
      throw new AppError("permission_denied", "Only admins may change roles or bans");
    // Where someone works or lives is theirs alone: an admin's edit does not reach it.
    if (input.places !== undefined && actorId !== id)
      throw new AppError("permission_denied", "Only you may change your places");
    const target = await this.get(id);
    const patch: UserPatch = {};
    if (input.firstname !== undefined) patch.firstname = checkName(input.firstname, "First name");
    if (input.lastname !== undefined) patch.lastname = checkName(input.lastname, "Last name");
    if (input.avatar !== undefined) patch.avatar = checkAvatar(input.avatar);
    if (input.locale !== undefined) patch.locale = checkLocale(input.locale);
    if (input.roles !== undefined && input.roles.length > 0) patch.roles = checkRoles(input.roles); // empty: ignored (a user keeps at least one role)
    Object.assign(patch, notifyPatch(input.notify));
    if (input.places !== undefined) patch.places = checkPlaces(input.places, target.places);
    if (input.isBanned !== undefined) {
      patch.is_banned = input.isBanned;
      patch.banned_reason = input.isBanned
        ? (input.bannedReason ?? target.banned_reason).trim().slice(0, 500)
        : "";
    } else if (input.bannedReason !== undefined && target.is_banned) {
      patch.banned_reason = input.bannedReason.trim().slice(0, 500);
    }
    const banChanged = patch.is_banned !== undefined && patch.is_banned !== target.is_banned;
    const rolesChanged = patch.roles !== undefined && !sameSet(patch.roles, target.roles);
    // A ban or a role change ends the user's sessions: what they hold was granted under the old
    // rights (an admin's socket in another user's chat), and the gateway caches it for a while.
    const updated = await this.#repo.db.transaction().execute(async (trx) => {
      const row = await this.#repo.update(trx, id, patch);
      if (!row) throw new AppError("not_found", "User not found");
      await this.#outbox.stage(trx, UserUpdated, create(UserUpdatedSchema, { userId: id }));
      if (patch.places !== undefined)
        await this.#outbox.stage(
          trx,
          UserPlacesChanged,
          create(UserPlacesChangedSchema, {
            userId: id,
            places: row.places,
            version: BigInt(row.places_version),
          }),
        );
      // A ban names itself (the next request is told, with the reason); a role change does not.
      const banned = banChanged && row.is_banned;
      if (banned || rolesChanged) await this.#sessions.end(trx, id, "all", banned ? "ban" : "role");
      if (banChanged) {
        await this.#outbox.stage(
          trx,
          UserBanned,
          create(UserBannedSchema, { userId: id, banned: row.is_banned, reason: row.banned_reason }),
        );
      }
      return row;
    });
    this.#outbox.kick();
    return updated;
  }

  async list(actorId: string, search: string): Promise<UserRow[]> {
    await this.#admin(actorId);
    return this.#repo.list(search.slice(0, 200));
  }

  /** The product itself (no actor: operators' alerts) or an admin. */
  async admins(actorId: string | undefined): Promise<UserRow[]> {
    if (actorId !== undefined) await this.#admin(actorId);
    return this.#repo.admins();
  }

  async count(actorId: string) {
    await this.#admin(actorId);
    return this.#repo.counts();
  }

  async remove(actorId: string, id: string): Promise<void> {
    await this.#admin(actorId);
    const gone = await this.#repo.db.transaction().execute(async (trx) => {
      await this.#sessions.end(trx, id, "all", "deleted"); // the rows go with the user; the sockets too
      const removed = await this.#repo.remove(trx, id);
      if (removed) await this.#outbox.stage(trx, UserDeleted, create(UserDeletedSchema, { userId: id }));
      return removed;
    });
    if (!gone) throw new AppError("not_found", "User not found");
    this.#outbox.kick();
  }
}

/**
 * Telegram matches are kept on even for a user with no linked account: the link lives in the
 * telegram service and may go at any moment (a Google claim drops it), so the sender checks it
 * whenever it sends, and the profile says a link is needed.
 */
function notifyPatch(notify: UpdateInput["notify"]): UserPatch {
  const patch: UserPatch = {};
  if (notify?.telegramMatches !== undefined) patch.notify_telegram_matches = notify.telegramMatches;
  if (notify?.quietHours === null) Object.assign(patch, { quiet_from: null, quiet_to: null });
  else if (notify?.quietHours) {
    const { from, to } = checkQuietHours(notify.quietHours.from, notify.quietHours.to);
    Object.assign(patch, { quiet_from: from, quiet_to: to });
  }
  return patch;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
