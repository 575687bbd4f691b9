import { type CallOptions, type Client, Code, ConnectError } from "@connectrpc/connect";
import type { Person } from "@dirabot/api";
import { type Actor, asActor } from "@dirabot/platform";
import type { IdentityService, User } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { Context } from "koa";
import { currentUser } from "../auth/session.ts";

/** The signed-in user, as the services see them (`actor`) and as calls made for them carry it. */
export interface Acting {
  user: User;
  actor: Actor;
  call: CallOptions;
}

/**
 * Who acts, established by the session, never by the body; `call` makes a service call on their
 * behalf (the actor rides in the call's signed service credential, docs/SECURITY.md). Named apart
 * from the platform's `actorOf`, which reads the actor a service call carries.
 */
export function actingUser(k: Context): Acting {
  const user = currentUser(k);
  const actor = {
    userId: user.id,
    admin: user.roles.includes("admin"),
    sessionId: String(k.state.sessionId ?? ""),
  };
  return { user, actor, call: asActor(actor) };
}

/** Call options acting for the signed-in user (see actingUser). */
export const callAs = (k: Context): CallOptions => actingUser(k).call;

/** A user as the bot card and the admin screens name them. */
export const personJson = (u: User): Person => ({
  _id: u.id,
  firstname: u.firstname,
  lastname: u.lastname,
  fullname: `${u.firstname} ${u.lastname}`.trim(),
  email: u.email,
});

// Above this many owners one ListUsers call is cheaper than a GetUser each.
const MANY = 50;
const CHUNK = 20;

/**
 * The users behind a set of ids, for the admin lists (every user's bots, all chats grouped).
 * Few owners: one GetUser each, in parallel chunks; many: one ListUsers (it stops at 1000 users,
 * so whoever it missed is still fetched one by one). A user deleted meanwhile is simply absent.
 */
export async function lookUpUsers(
  identity: Client<typeof IdentityService>,
  call: CallOptions,
  ids: Iterable<string>,
): Promise<Map<string, User>> {
  const wanted = [...new Set(ids)];
  const found = new Map<string, User>();
  if (wanted.length > MANY) {
    const { users } = await identity.listUsers({ search: "" }, call);
    const set = new Set(wanted);
    for (const u of users) if (set.has(u.id)) found.set(u.id, u);
  }
  const rest = wanted.filter((id) => !found.has(id));
  for (let i = 0; i < rest.length; i += CHUNK) {
    const users = await Promise.all(rest.slice(i, i + CHUNK).map((id) => getUser(identity, id)));
    for (const u of users) if (u) found.set(u.id, u);
  }
  return found;
}

/** One user, or undefined when there is no such user any more. */
export async function getUser(
  identity: Client<typeof IdentityService>,
  id: string,
): Promise<User | undefined> {
  try {
    return (await identity.getUser({ id })).user;
  } catch (err) {
    if (ConnectError.from(err).code === Code.NotFound) return undefined;
    throw err;
  }
}
