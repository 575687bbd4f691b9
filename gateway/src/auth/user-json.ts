import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { User } from "@dirabot/proto/identity/v1/identity_pb.js";

/** The spec's user shape (§3), mapped from the proto in this one place. */
export function userJson(u: User) {
  return {
    _id: u.id,
    firstname: u.firstname,
    lastname: u.lastname,
    fullname: `${u.firstname} ${u.lastname}`.trim(),
    email: u.email,
    avatar: u.avatar,
    roles: u.roles,
    isBanned: u.isBanned,
    bannedReason: u.bannedReason,
    oauthProvider: u.oauthProvider || "none",
    createdAt: u.createdAt ? timestampDate(u.createdAt).toISOString() : null,
    telegram: { linked: u.telegram?.linked ?? false, username: u.telegram?.username ?? "" },
  };
}
