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
import { chat } from "./module.ts";

const log = createLogger("silent");

describe("bumping many chats at once", () => {
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

  it("counts every new message of a chat, two listings' in one batch included, and names the latest", async () => {
    const repo = new ChatsRepo(db.db);
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const user = crypto.randomUUID();
    const [m1, m2, m3] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 2, 0, s));
    const after = await db.db.transaction().execute(async (trx) => {
      for (const id of [a, b])
        await repo.upsert(trx, {
          id,
          bot_id: crypto.randomUUID(),
          bot_name: "Florentin",
          user_id: user,
          bot_updated_at: null,
        });
      return repo.bumpMany(trx, [
        { id: m1, chat_id: a, created_at: at(1) },
        { id: m2, chat_id: a, created_at: at(2) },
        { id: m3, chat_id: b, created_at: at(1) },
      ]);
    });
    expect(after.get(a)).toMatchObject({ unread_count: 2, last_message_id: m2 });
    expect(after.get(b)).toMatchObject({ unread_count: 1, last_message_id: m3 });
  });
});
