import {
  createLogger,
  type EmbeddedPostgres,
  openServiceDatabase,
  type ServiceDatabase,
  startEmbeddedPostgres,
} from "@dirabot/platform";
import { external, tempDir, uniqueId } from "@dirabot/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatsRepo } from "./chats.repo.ts";
import { MessagesRepo } from "./messages.repo.ts";
import { chat } from "./module.ts";
import { VotesRepo } from "./votes.repo.ts";

const log = createLogger("silent");

// Several members' votes on one chat's matches, as the repository orders them: the chat service
// lets only the owner vote until chats have members, so the order by score is proven here.
describe("the shortlist's order", () => {
  let embedded: EmbeddedPostgres | undefined;
  let db: ServiceDatabase;
  beforeAll(async () => {
    if (!external.database) embedded = await startEmbeddedPostgres(tempDir(), log);
    const url = external.database ?? (embedded as EmbeddedPostgres).url;
    db = await openServiceDatabase({ url, schema: `chat_${uniqueId()}`, migrations: chat.migrations, log });
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await embedded?.stop();
  });

  it("puts the highest score first (ups minus downs), then the newest; no 👍, not listed", async () => {
    const chats = new ChatsRepo(db.db);
    const messages = new MessagesRepo(db.db);
    const votes = new VotesRepo(db.db);
    const chatId = crypto.randomUUID();
    const [owner, partner, flatmate] = ["owner", "partner", "flatmate"];
    const ids = await db.db.transaction().execute(async (trx) => {
      await chats.upsert(trx, {
        id: chatId,
        bot_id: crypto.randomUUID(),
        bot_name: "Florentin",
        user_id: owner,
        bot_updated_at: null,
      });
      const out: string[] = [];
      for (let i = 0; i < 5; i++) {
        const row = await messages.insert(trx, {
          chat_id: chatId,
          content: `flat ${i}`,
          type: "asset",
          sender: null,
          temp_id: "",
          asset: JSON.stringify({ id: crypto.randomUUID() }),
          canonical_id: crypto.randomUUID(),
        });
        out.push(row?.id as string);
      }
      return out;
    });
    const [a, b, c, d, e] = ids as [string, string, string, string, string];
    const plan: [string, string, "up" | "down"][] = [
      [a, owner, "up"], // +1, oldest
      [b, owner, "up"],
      [b, partner, "up"], // +2
      [c, owner, "up"],
      [c, partner, "down"], // 0, has a 👍
      [d, owner, "up"], // +1, newer than a
      [e, owner, "down"],
      [e, partner, "down"], // no 👍
      [e, flatmate, "down"],
    ];
    await db.db.transaction().execute(async (trx) => {
      for (const [message_id, user_id, vote] of plan)
        await votes.setVote(trx, { chat_id: chatId, message_id, user_id, fullname: user_id, vote, note: "" });
      // A member's second vote replaces the first: partner's 👍 on a becomes a 👎 and back.
      await votes.setVote(trx, {
        chat_id: chatId,
        message_id: a,
        user_id: partner,
        fullname: "",
        vote: "down",
        note: "",
      });
      await votes.setVote(trx, {
        chat_id: chatId,
        message_id: a,
        user_id: partner,
        fullname: "",
        vote: null,
        note: "",
      });
    });
    const list = await votes.shortlist(chatId);
    expect(list.map((t) => [t.message_id, t.ups, t.downs])).toEqual([
      [b, 2, 0],
      [d, 1, 0],
      [a, 1, 0],
      [c, 1, 1],
    ]);
    // A taken-back vote with no replies leaves no row.
    expect((await votes.of([a])).map((r) => r.user_id)).toEqual([owner]);
  });
});
