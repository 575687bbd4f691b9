import type { ConsumerSpec, Outbox } from "@dirabot/platform";
import { LinkUndone } from "@dirabot/proto/events";
import type { IdentityDb } from "./db.ts";
import type { ResetRepo } from "./reset.repo.ts";
import type { SessionEnds } from "./sessions.ts";

/**
 * The owner's chat took the account's Telegram link back (telegram's link.undone): whoever
 * linked another chat held a session of the account, so every session ends, and every reset code
 * in flight (it went to that chat). Idempotent: ending what has ended changes nothing.
 */
export const onLinkUndone = (
  sessions: SessionEnds,
  codes: ResetRepo,
  outbox: Outbox,
): ConsumerSpec<typeof LinkUndone.schema, undefined, IdentityDb> => ({
  durable: "identity-on-link-undone",
  event: LinkUndone,
  apply: async (trx, event) => {
    await sessions.end(trx, event.payload.userId, "all", "link_undone");
    await codes.endAll(trx as never, event.payload.userId);
  },
  after: () => outbox.kick(),
});
