import type { Client } from "@connectrpc/connect";
import { type Locale, type Logger, localeOr } from "@dirabot/platform";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";

/**
 * A chat owner's language, for the notes the chat writes them (a price drop): identity's
 * GetUsers, as the notifications service reads delivery settings. Identity away or the user gone,
 * the note is written in English rather than not at all.
 */
export async function ownerLocale(
  identity: Client<typeof IdentityService>,
  userId: string,
  log: Logger,
): Promise<Locale> {
  if (!userId) return "en";
  try {
    const { users } = await identity.getUsers({ ids: [userId] }, { timeoutMs: 3000 });
    return localeOr(users[0]?.locale);
  } catch (err) {
    log.warn({ err: String(err), userId }, "owner's language unknown: the note is written in English");
    return "en";
  }
}
