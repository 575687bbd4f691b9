import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Role, type User as UserJson } from "@dirabot/api";
import type { User } from "@dirabot/proto/identity/v1/identity_pb.js";

// Identity stores only these roles and providers; the guards keep the types honest, not the data.
const isRole = (r: string): r is Role => Role.safeParse(r).success;

/** A user as the screens receive them, mapped from the proto in this one place. */
export function userJson(u: User): UserJson {
  return {
    _id: u.id,
    firstname: u.firstname,
    lastname: u.lastname,
    fullname: `${u.firstname} ${u.lastname}`.trim(),
    email: u.email,
    avatar: u.avatar,
    roles: u.roles.filter(isRole),
    isBanned: u.isBanned,
    bannedReason: u.bannedReason,
    oauthProvider: u.oauthProvider === "google" || u.oauthProvider === "facebook" ? u.oauthProvider : "none",
    locale: u.locale === "he" ? "he" : "en",
    createdAt: u.createdAt ? timestampDate(u.createdAt).toISOString() : null,
    telegram: { linked: u.telegram?.linked ?? false, username: u.telegram?.username ?? "" },
    notify: {
      telegramMatches: u.notify?.telegramMatches ?? false,
      quietHours: u.notify?.quietHours
        ? { from: u.notify.quietHours.from, to: u.notify.quietHours.to }
        : null,
    },
    places: u.places.map((p) => ({ id: p.id, name: p.name, lat: p.lat, lon: p.lon })),
  };
}
