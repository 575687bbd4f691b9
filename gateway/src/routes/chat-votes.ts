import { timestampDate } from "@bufbuild/protobuf/wkt";
import { type Client, Code, ConnectError } from "@connectrpc/connect";
import {
  chatRoutes as contract,
  type FlatState,
  QuickReplyBody,
  type ShortlistEntry,
  VoteBody,
} from "@dirabot/api";
import { AppError } from "@dirabot/platform";
import type { ChatService, Message } from "@dirabot/proto/chat/v1/chat_pb.js";
import type { Listing, ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import type Router from "@koa/router";
import { requireUser } from "../auth/session.ts";
import { body } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { actingUser } from "./actor.ts";
import { messageJson } from "./chat-json.ts";
import { senderOf } from "./chat-messages.ts";

const param = (k: { params: Record<string, string | undefined> }, name: string) => k.params[name] ?? "";
/** Flats looked up at once for their state: a shortlist is a few, but a long one must not flood listings. */
const AT_ONCE = 8;

const answered = (m: Message | undefined) => {
  if (!m) throw new AppError("internal", "The chat service answered without a message");
  return messageJson(m);
};

/**
 * A flat's state now, asked of the listings service (it knows removals and every price): removed
 * when no listing of its duplicate group is live any more, price_changed when its price now is not
 * the one it matched at.
 */
async function stateOf(
  listings: Client<typeof ListingsService>,
  matched: Listing | undefined,
): Promise<{ state: FlatState; price: number | null }> {
  if (!matched?.id) return { state: "removed", price: null };
  try {
    const story = await listings.getListing({ id: matched.id });
    const live = story.sources.length ? story.sources.some((s) => !s.removedAt) : !story.listing?.removedAt;
    if (!live) return { state: "removed", price: null };
    // The group's price history ends with the price it asks now.
    const dated = story.priceHistory.flatMap((p) =>
      p.price !== undefined && p.at ? [{ price: p.price, at: timestampDate(p.at).getTime() }] : [],
    );
    const last = dated.sort((a, b) => a.at - b.at).at(-1);
    const price = last?.price ?? story.listing?.price ?? null;
    const changed = price !== null && matched.price !== undefined && price !== matched.price;
    return { state: changed ? "price_changed" : "live", price };
  } catch (err) {
    if (ConnectError.from(err).code === Code.NotFound) return { state: "removed", price: null };
    throw err;
  }
}

/** Votes, quick replies and the shortlist of a chat (part of chatRoutes). */
export function voteRoutes(
  router: Router,
  deps: { chat: Client<typeof ChatService>; listings: Client<typeof ListingsService> },
  doc: ApiDoc,
): void {
  const { chat, listings } = deps;

  doc.add(contract.vote);
  router.put("/api/chats/:id/messages/:messageId/vote", requireUser, async (k) => {
    const { user, call } = actingUser(k);
    const b = await body(k, VoteBody);
    const r = await chat.vote(
      {
        chatId: param(k, "id"),
        messageId: param(k, "messageId"),
        vote: b.vote ?? "",
        note: b.note ?? "",
        voter: senderOf(user),
      },
      call,
    );
    k.body = answered(r.message);
  });

  doc.add(contract.reply);
  router.put("/api/chats/:id/messages/:messageId/reply", requireUser, async (k) => {
    const { user, call } = actingUser(k);
    const b = await body(k, QuickReplyBody);
    const r = await chat.setQuickReply(
      {
        chatId: param(k, "id"),
        messageId: param(k, "messageId"),
        called: b.called,
        viewingOn: b.viewingOn ?? "",
        voter: senderOf(user),
      },
      call,
    );
    k.body = answered(r.message);
  });

  doc.add(contract.shortlist);
  router.get("/api/chats/:id/shortlist", requireUser, async (k) => {
    const { call } = actingUser(k);
    const { entries } = await chat.listShortlist({ chatId: param(k, "id") }, call);
    const out: ShortlistEntry[] = [];
    for (let i = 0; i < entries.length; i += AT_ONCE) {
      const some = entries.slice(i, i + AT_ONCE);
      const states = await Promise.all(some.map((e) => stateOf(listings, e.message?.asset)));
      some.forEach((e, j) => {
        out.push({
          message: answered(e.message),
          ups: e.ups,
          downs: e.downs,
          score: e.ups - e.downs,
          ...(states[j] as { state: FlatState; price: number | null }),
        });
      });
    }
    k.body = out;
  });
}
