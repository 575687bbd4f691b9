import { eventsRecorder, tempDir, uniqueId, waitFor } from "@dirabot/platform/testing";
import { createTelegram } from "@dirabot/telegram";
import { BotApiDouble, REPLIES, STALE_REASON } from "@dirabot/telegram/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type Person, startApi } from "../../test/api-harness.ts";

/**
 * Admin messaging end to end: the gateway's /api/telegram routes, the telegram service and the
 * local Bot API double. The service keeps its tables in a schema of this run's own, so on a
 * shared database no other test's bot sends these broadcasts and no other run's chats get them.
 */
type Api = Awaited<ReturnType<typeof startApi>>;
let api: Api;
let double: BotApiDouble;
let admin: Person;
let dana: Person;
const schema = `telegram_${uniqueId()}`;
const dataDir = tempDir();
const telegram = () =>
  createTelegram({ lockRetryMs: 300, schema, broadcastRate: 5, broadcastPollMs: 200, sendTimeoutMs: 3000 });
/** A database handle for what no API does: leave a delivery as a sender killed mid-send would. */
const fixtures = eventsRecorder([]);
const start = () =>
  startApi("tg-admin", {
    modules: [telegram(), fixtures.module],
    settings: { TELEGRAM_BOT_TOKEN: double.token, TELEGRAM_API_ROOT: double.url, DATA_DIR: dataDir },
  });
let nextChat = 5_000_000 + Math.floor(Math.random() * 1_000_000);
const groupId = () => -1_000_000_000_000 - Math.floor(Math.random() * 1e9);

beforeAll(async () => {
  double = await BotApiDouble.start();
  api = await start();
  [admin, dana] = await Promise.all([api.signInAdmin(), api.register("Dana")]);
});
afterAll(async () => {
  await api?.stop();
  await double?.close();
});

const as = (p: Person, body?: unknown) => ({ token: p.token, body });
const history = async (query = "") =>
  (await api.call("GET", `/api/telegram${query}`, as(admin))).body as { messages: Json[]; count: number };

/** A Dirabot user links a private chat through the bot (Profile → Link Telegram, /start <code>). */
let people = 0;
async function linkedChat(username = "dana_k"): Promise<number> {
  const person = await api.register(`Reader${++people}`);
  const chatId = nextChat++;
  const { code } = (
    await api.call("POST", "/api/users/me/telegram-link", as(person, { password: "secret1" }))
  ).body;
  double.userSays({ chatId, username }, `/start ${code}`);
  await waitFor(async () => (double.sentTo(chatId).includes(REPLIES.linked) ? true : undefined), "the link");
  return chatId;
}

/** A group registers with /register and a user redeems its code. */
async function registeredGroup(title: string): Promise<number> {
  const chatId = groupId();
  double.userSays({ chatId, groupTitle: title, username: "member" }, "/register");
  const reply = await waitFor(async () => double.sentTo(chatId)[0], "the group's code");
  const code = /code: ([A-Z2-9]{6})\n/.exec(reply)?.[1] as string;
  const r = await api.call("GET", `/api/requests/verifycode?code=${code}`, as(dana));
  expect(r.status).toBe(200);
  return chatId;
}

/** Waits for a broadcast to finish: no delivery pending. */
const finished = (id: string) =>
  waitFor(
    async () => {
      const b = (await history("?type=broadcast&limit=100")).messages.find((m) => m._id === id);
      return b && b.recipients.pending === 0 ? b : undefined;
    },
    "the broadcast to finish",
    30_000,
  );

const broadcastTexts = (chatId: number, text: string) => double.sentTo(chatId).filter((t) => t === text);

describe("admin messaging over Telegram", () => {
  let privateA: number;
  let privateB: number;
  let group: number;

  it("refuses everyone but admins on every route", async () => {
    const routes: Array<[string, string, unknown?]> = [
      ["POST", "/api/telegram/broadcast", { content: "hi" }],
      ["POST", "/api/telegram/direct", { content: "hi", chatId: "1" }],
      ["GET", "/api/telegram"],
      ["GET", "/api/telegram/chats"],
      ["GET", "/api/telegram/chat/1"],
    ];
    for (const [method, url, body] of routes) {
      expect((await api.call(method, url, { body })).status, `${method} ${url} anonymous`).toBe(401);
      const r = await api.call(method, url, as(dana, body));
      expect(r, `${method} ${url} as a user`).toMatchObject({
        status: 403,
        body: { message: "Admin access required", code: "permission_denied" },
      });
    }
    expect(double.attempts).toEqual([]);
  });

  it("broadcasts to every linked account and registered group, once each, answering at once", async () => {
    privateA = await linkedChat("dana_k");
    privateB = await linkedChat("eli");
    group = await registeredGroup("Florentin flat hunt");
    // Someone who only wrote to the bot is a chat it knows, but no broadcast's recipient.
    const stranger = nextChat++;
    double.userSays({ chatId: stranger, username: "stranger" }, "hello?");

    const text = "Dirabot will be down for maintenance tonight, 02:00-02:30.";
    const r = await api.call("POST", "/api/telegram/broadcast", as(admin, { content: text }));
    expect(r.status).toBe(201);
    expect(r.body.message).toBe("Broadcast message sent successfully");
    expect(r.body.telegramMessage).toMatchObject({
      type: "broadcast",
      status: "pending",
      content: text,
      chatId: null,
      recipients: { total: 3, pending: 3, sent: 0, failed: 0 },
    });
    const done = await finished(r.body.telegramMessage._id);
    expect(done).toMatchObject({ status: "sent", recipients: { total: 3, pending: 0, sent: 3, failed: 0 } });
    for (const chat of [privateA, privateB, group]) expect(broadcastTexts(chat, text)).toHaveLength(1);
    expect(double.sentTo(stranger)).toEqual([]);
    // Plain text: sent as written, no parse mode.
    expect(
      double.sent.find((m) => m.chat_id === String(group) && m.text === text)?.parse_mode,
    ).toBeUndefined();
  });

  it("refuses an empty broadcast", async () => {
    for (const content of ["", "   ", undefined])
      expect(await api.call("POST", "/api/telegram/broadcast", as(admin, { content }))).toMatchObject({
        status: 400,
        body: { message: "Message cannot be empty" },
      });
  });

  it("sends Markdown to one chat as MarkdownV2, escaped", async () => {
    const content = "**New flat** in _Florentin_: 3.5 rooms (₪6,500) - [see it](https://dirabot.app/a_b)!";
    const r = await api.call(
      "POST",
      "/api/telegram/direct",
      as(admin, { content, chatId: String(privateA) }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      message: "Message sent successfully",
      telegramMessage: {
        type: "direct",
        status: "sent",
        content,
        chatId: String(privateA),
        chatName: "@dana_k",
      },
    });
    const sent = double.sent.filter((m) => m.chat_id === String(privateA)).at(-1);
    expect(sent).toMatchObject({
      parse_mode: "MarkdownV2",
      text: "*New flat* in _Florentin_: 3\\.5 rooms \\(₪6,500\\) \\- [see it](https://dirabot.app/a_b)\\!",
    });
  });

  it("refuses invalid Markdown, a missing chat or text, and an unknown chat, sending nothing", async () => {
    const before = (await history()).count;
    const sends = double.attempts.length;
    const chatId = String(privateA);
    expect(
      await api.call("POST", "/api/telegram/direct", as(admin, { content: "**bold", chatId })),
    ).toMatchObject({
      status: 400,
      body: { message: "Invalid Markdown: Bold opened with ** at line 1, column 1 is not closed" },
    });
    expect(
      await api.call("POST", "/api/telegram/direct", as(admin, { content: "[x](javascript:1)", chatId })),
    ).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^Invalid Markdown: The link/) } });
    for (const body of [
      { content: "hi" },
      { content: " ", chatId },
      { chatId },
      { content: "hi", chatId: "" },
    ])
      expect(
        await api.call("POST", "/api/telegram/direct", as(admin, body)),
        JSON.stringify(body),
      ).toMatchObject({
        status: 400,
        body: { message: "Message and chat selection are required" },
      });
    expect(
      await api.call("POST", "/api/telegram/direct", as(admin, { content: "hi", chatId: "424242" })),
    ).toMatchObject({ status: 404, body: { code: "not_found" } });
    expect((await history()).count).toBe(before);
    expect(double.attempts.length).toBe(sends);
  });

  it("keeps what people write to the bot as received, in private chats and groups, but no commands", async () => {
    double.userSays(
      { chatId: privateB, username: "eli", firstName: "Eli" },
      "Is the Florentin flat still free?",
    );
    double.userSays({ chatId: group, groupTitle: "Florentin flat hunt", firstName: "Noa" }, "Thanks, bot!");
    double.userSays({ chatId: privateB, username: "eli" }, "/help");
    const received = await waitFor(async () => {
      const h = await history("?type=received");
      return h.messages.filter(
        (m) => m.chatId !== null && [String(privateB), String(group)].includes(m.chatId),
      ).length >= 2
        ? h
        : undefined;
    }, "the received messages");
    expect(received.messages.map((m) => m.content)).not.toContain("/help");
    expect(received.messages.find((m) => m.chatId === String(privateB))).toMatchObject({
      type: "received",
      status: "sent",
      content: "Is the Florentin flat still free?",
      chatName: "Eli",
    });
    expect(received.messages.find((m) => m.chatId === String(group))).toMatchObject({
      content: "Thanks, bot!",
      chatName: "Florentin flat hunt",
      senderName: "Noa",
    });
    // The chat panel: the list (most recent first) and the conversation, oldest first.
    const chats = (await api.call("GET", "/api/telegram/chats", as(admin))).body as unknown as Json[];
    expect(chats.find((c) => c.chatId === String(group))).toMatchObject({
      chatName: "Florentin flat hunt",
      type: "group",
      lastMessage: { type: "received", content: "Thanks, bot!" },
    });
    expect(chats.find((c) => c.chatId === String(privateA))).toMatchObject({
      type: "private",
      chatName: "@dana_k",
      user: { firstname: "Reader1" },
    });
    const conversation = (await api.call("GET", `/api/telegram/chat/${privateB}`, as(admin))).body;
    expect(conversation.chat).toMatchObject({ chatId: String(privateB), chatName: "@eli" });
    expect(conversation.messages.map((m: Json) => [m.type, m.status])).toEqual([
      ["broadcast", "sent"],
      ["received", "sent"],
    ]);
    expect(conversation.count).toBe(2);
    expect((await api.call("GET", "/api/telegram/chat/77", as(admin))).status).toBe(404);
    expect((await api.call("GET", "/api/telegram/chat/abc", as(admin))).status).toBe(400);
  });

  it("pages the history newest first and filters it by type", async () => {
    for (const n of [1, 2, 3])
      expect(
        (
          await api.call(
            "POST",
            "/api/telegram/direct",
            as(admin, { content: `note ${n}`, chatId: String(privateB) }),
          )
        ).status,
      ).toBe(201);
    const all = await history("?limit=100");
    const page1 = await history("?limit=2&skip=0");
    const page2 = await history("?limit=2&skip=2");
    expect(page1.count).toBe(all.count);
    expect(page1.messages.map((m) => m.content)).toEqual(["note 3", "note 2"]);
    expect(page2.messages.map((m) => m._id)).toEqual(all.messages.slice(2, 4).map((m) => m._id));
    const direct = await history("?type=direct&limit=100");
    expect(direct.messages.every((m) => m.type === "direct")).toBe(true);
    expect(direct.count).toBe(4);
    expect((await history("?type=broadcast")).messages.every((m) => m.type === "broadcast")).toBe(true);
    expect((await history(`?skip=${all.count}`)).messages).toEqual([]);
    expect((await api.call("GET", "/api/telegram?type=spam", as(admin))).status).toBe(400);
    expect((await api.call("GET", "/api/telegram?limit=0", as(admin))).status).toBe(400);
  });

  it("records a blocked bot and a deleted chat as failed with Telegram's reason, and never retries them", async () => {
    const blocked = await linkedChat("gone_user");
    const deleted = await registeredGroup("Deleted group");
    double.blocked.add(String(blocked));
    double.missing.add(String(deleted));
    const text = `New neighbourhoods added ${uniqueId()}`;
    const r = await api.call("POST", "/api/telegram/broadcast", as(admin, { content: text }));
    const done = await finished(r.body.telegramMessage._id);
    expect(done).toMatchObject({ status: "sent", recipients: { total: 5, sent: 3, failed: 2, pending: 0 } });
    const conv = (await api.call("GET", `/api/telegram/chat/${blocked}`, as(admin))).body;
    expect(conv.messages.at(-1)).toMatchObject({
      type: "broadcast",
      status: "failed",
      error: "Forbidden: bot was blocked by the user",
    });
    const gone = (await api.call("GET", `/api/telegram/chat/${deleted}`, as(admin))).body;
    expect(gone.messages.at(-1)).toMatchObject({ status: "failed", error: "Bad Request: chat not found" });
    await new Promise((res) => setTimeout(res, 1000)); // the sender's polls: nothing comes due again
    for (const chat of [blocked, deleted])
      expect(double.attempts.filter((a) => a.chat_id === String(chat) && a.status !== 200)).toHaveLength(1);

    // A direct message to the blocked chat: refused, kept as failed.
    const d = await api.call(
      "POST",
      "/api/telegram/direct",
      as(admin, { content: "hello?", chatId: String(blocked) }),
    );
    expect(d).toMatchObject({
      status: 412,
      body: { message: "Telegram refused the message: Forbidden: bot was blocked by the user" },
    });
    expect((await history("?type=direct&limit=1")).messages[0]).toMatchObject({
      status: "failed",
      error: "Forbidden: bot was blocked by the user",
    });
    double.blocked.clear();
    double.missing.clear();
  });

  it("slows down on Telegram's 429 and on its failures, and still delivers each chat once", async () => {
    double.throttleNext = 1;
    double.failNext = 1;
    const text = `Rents are up 3% this month ${uniqueId()}`;
    const startedAt = Date.now();
    const r = await api.call("POST", "/api/telegram/broadcast", as(admin, { content: text }));
    const done = await finished(r.body.telegramMessage._id);
    expect(done.recipients).toEqual({ total: 5, pending: 0, sent: 5, failed: 0 });
    const attempts = double.attempts.filter((a) => a.at >= startedAt);
    const throttled = attempts.find((a) => a.status === 429) as { at: number };
    expect(attempts.find((a) => a.status === 500)).toBeDefined();
    // retry_after: 1 — nothing is started for a second after the 429. One send the pace started
    // before the 429 was answered may still land after it on a loaded machine (sends overlap).
    const after = attempts
      .filter((a) => a.at > throttled.at && a.status === 200)
      .map((a) => a.at)
      .sort((a, b) => a - b);
    expect(after.length).toBeGreaterThan(1);
    expect((after[1] ?? 0) - throttled.at).toBeGreaterThanOrEqual(950);
    for (const chat of [privateA, privateB, group]) expect(broadcastTexts(chat, text)).toHaveLength(1);
  });

  it("fails, and never sends again, a delivery its sender was killed in the middle of", async () => {
    // What a sender killed mid-send leaves: a delivery `sending` whose lease ran out.
    const text = `Sent by a sender that died ${uniqueId()}`;
    const db = fixtures.db();
    const m = await sql<{ id: string }>`INSERT INTO ${sql.id(schema, "messages")} (type, content)
      VALUES ('broadcast', ${text}) RETURNING id`.execute(db);
    await sql`INSERT INTO ${sql.id(schema, "deliveries")} (message_id, chat_id, status, attempts, next_at)
      VALUES (${m.rows[0]?.id}, ${String(privateA)}, 'sending', 1, now() - interval '1 second')`.execute(db);
    const conv = await waitFor(async () => {
      const c = (await api.call("GET", `/api/telegram/chat/${privateA}`, as(admin))).body;
      return c.messages.find((x: Json) => x.content === text && x.status === "failed");
    }, "the interrupted delivery to be failed");
    expect(conv.error).toBe(STALE_REASON);
    await new Promise((res) => setTimeout(res, 600)); // a few of the sender's polls
    expect(double.sentTo(privateA)).not.toContain(text);
  });

  it("keeps to its pace, and a broadcast stopped half way resumes after a restart without sending twice", async () => {
    const chats = [privateA, privateB, group];
    const more = await Promise.all([
      ...[1, 2, 3, 4, 5, 6].map((n) => linkedChat(`reader${n}`)),
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => registeredGroup(`Group ${n}`)),
    ]);
    chats.push(...more);
    const text = `Resumable broadcast ${uniqueId()}`;
    const startedAt = Date.now();
    double.sendDelayMs = 150; // a slow Telegram: the stop finds sends in flight
    const r = await api.call("POST", "/api/telegram/broadcast", as(admin, { content: text }));
    const id = r.body.telegramMessage._id;
    expect(r.body.telegramMessage.recipients.total).toBe(chats.length + 2); // and the blocked and deleted
    await waitFor(
      async () => (double.sent.filter((m) => m.text === text).length >= 4 ? true : undefined),
      "half",
    );
    await api.stop(); // waits for the sends in flight and records them
    const before = double.sent.filter((m) => m.text === text).length;
    expect(before).toBeLessThan(chats.length + 2);

    double.sendDelayMs = 0;
    api = await start();
    admin = await api.signInAdmin();
    const done = await finished(id);
    expect(done.recipients).toMatchObject({ total: chats.length + 2, pending: 0, failed: 0 });
    for (const chat of chats) expect(broadcastTexts(chat, text), String(chat)).toHaveLength(1);
    // Never more than the pace (5 a second here) in any second.
    const times = double.attempts.filter((a) => a.at >= startedAt).map((a) => a.at);
    for (const t of times) expect(times.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(6);
  }, 60_000);
});
