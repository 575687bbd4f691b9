import { randomInt } from "node:crypto";
import * as http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the Telegram Bot API over real HTTP: enough of getMe, getUpdates (long
 * polling with offset and timeout), sendMessage, deleteWebhook and getWebhookInfo for grammY.
 * Tests queue what users send with `userSays` and read what the bot answered in `sent`.
 */
export interface SentMessage {
  chat_id: string;
  text: string;
}
export interface TelegramUser {
  chatId: number;
  username?: string;
  firstName?: string;
  /** A group the user writes in (a negative chat id), by its title; unset: a private chat. */
  groupTitle?: string;
}

interface Waiter {
  offset: number;
  resolve: (updates: unknown[]) => void;
}

export class BotApiDouble {
  readonly token: string;
  readonly botUsername: string;
  readonly sent: SentMessage[] = [];
  /** Every method called, in order (e.g. to see whether this bot polls at all). */
  readonly calls: string[] = [];
  /** Chats Telegram refuses to send to (the bot was removed from them): 403, as Telegram answers. */
  readonly kickedFrom = new Set<string>();
  /** Sends to answer 429 Too Many Requests before the next ones go through. */
  throttleNext = 0;
  #server: http.Server;
  #updates: Array<{ update_id: number; message: unknown }> = [];
  #nextUpdateId = 1;
  #nextMessageId = 1;
  #waiters = new Set<Waiter>();
  url = "";

  constructor(opts: { token?: string; botUsername?: string } = {}) {
    // A fresh bot id per double: the poll lock is keyed by bot, and test files share a database.
    this.token = opts.token ?? `${randomInt(100_000, 999_999_999)}:abc`;
    this.botUsername = opts.botUsername ?? "dirabot_test_bot";
    this.#server = http.createServer((req, res) => this.#handle(req, res));
  }

  static async start(opts?: { token?: string; botUsername?: string }): Promise<BotApiDouble> {
    const d = new BotApiDouble(opts);
    await new Promise<void>((r) => d.#server.listen(0, "127.0.0.1", r));
    d.url = `http://127.0.0.1:${(d.#server.address() as AddressInfo).port}`;
    return d;
  }

  /** How many getUpdates calls reached this double: a bot that polls keeps this rising. */
  get polls(): number {
    return this.calls.filter((c) => c === "getUpdates").length;
  }

  /** Queues a message from a user, in a private chat or a group, as Telegram would deliver it. */
  userSays(user: TelegramUser, text: string): void {
    const command = /^\/\w+(@\w+)?/.exec(text)?.[0];
    const firstName = user.firstName ?? "Dana";
    const chat =
      user.groupTitle === undefined
        ? { id: user.chatId, type: "private", username: user.username, first_name: firstName }
        : { id: user.chatId, type: "supergroup", title: user.groupTitle };
    // In a group the sender is a member with an id of their own, not the group.
    const fromId = user.groupTitle === undefined ? user.chatId : 424_242;
    const message = {
      message_id: this.#nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat,
      from: { id: fromId, is_bot: false, first_name: firstName, username: user.username },
      text,
      ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command.length }] } : {}),
    };
    this.#deliver(message);
  }

  /** Queues the service message of the bot being added to a group, as Telegram sends it. */
  addedToGroup(chatId: number, title: string): void {
    const me = this.#me();
    this.#deliver({
      message_id: this.#nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: "supergroup", title },
      from: { id: 424_242, is_bot: false, first_name: "Dana" },
      new_chat_members: [me],
      new_chat_member: me,
    });
  }

  /** The bot as Telegram describes it (getMe, and as a member added to a chat). */
  #me() {
    return {
      id: Number(this.token.split(":")[0]),
      is_bot: true,
      first_name: "Dirabot",
      username: this.botUsername,
    };
  }

  /** Queues an update for the bot's long poll and wakes it. */
  #deliver(message: unknown): void {
    this.#updates.push({ update_id: this.#nextUpdateId++, message });
    for (const w of [...this.#waiters]) this.#flush(w);
  }

  /** Messages the bot sent to a chat. */
  sentTo(chatId: number): string[] {
    return this.sent.filter((m) => m.chat_id === String(chatId)).map((m) => m.text);
  }

  async close(): Promise<void> {
    for (const w of this.#waiters) w.resolve([]);
    this.#waiters.clear();
    this.#server.closeAllConnections();
    await new Promise<void>((r) => this.#server.close(() => r()));
  }

  #pending(offset: number) {
    // Like Telegram: asking from an offset confirms (forgets) every earlier update.
    this.#updates = this.#updates.filter((u) => u.update_id >= offset);
    return this.#updates;
  }

  #flush(w: Waiter): void {
    const ready = this.#pending(w.offset);
    if (ready.length === 0) return;
    this.#waiters.delete(w);
    w.resolve(ready);
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const params: Record<string, unknown> = raw ? JSON.parse(raw) : {};
    // Test control (browser specs run in another process): play a Telegram user, read the chat.
    // Control answers close their connection: a test polling them never reuses a kept-alive
    // socket just as the server times it out (an ECONNRESET on a loaded machine).
    if (req.url === "/__control/say" && req.method === "POST") {
      const p = params as { chatId: number; username?: string; groupTitle?: string; text: string };
      this.userSays({ chatId: p.chatId, username: p.username, groupTitle: p.groupTitle }, p.text);
      res.writeHead(204, { connection: "close" }).end();
      return;
    }
    const control = /^\/__control\/sent\?chat=(-?\d+)$/.exec(req.url ?? "");
    if (control) {
      res
        .writeHead(200, { "content-type": "application/json", connection: "close" })
        .end(JSON.stringify(this.sentTo(Number(control[1]))));
      return;
    }
    const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
    const reply = (status: number, body: unknown) => {
      if (res.writableEnded || res.destroyed) return;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (!m || m[1] !== this.token)
      return reply(401, { ok: false, error_code: 401, description: "Unauthorized" });
    const method = m[2] as string;
    this.calls.push(method);
    const ok = (result: unknown) => reply(200, { ok: true, result });
    switch (method) {
      case "getMe":
        return ok({
          ...this.#me(),
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        });
      case "deleteWebhook":
        return ok(true);
      case "getWebhookInfo":
        return ok({ url: "", has_custom_certificate: false, pending_update_count: this.#updates.length });
      case "sendMessage": {
        if (this.throttleNext > 0) {
          this.throttleNext--;
          return reply(429, {
            ok: false,
            error_code: 429,
            description: "Too Many Requests: retry after 1",
            parameters: { retry_after: 1 },
          });
        }
        if (this.kickedFrom.has(String(params.chat_id)))
          return reply(403, {
            ok: false,
            error_code: 403,
            description: "Forbidden: bot was kicked from the supergroup chat",
          });
        const msg = { chat_id: String(params.chat_id), text: String(params.text) };
        this.sent.push(msg);
        return ok({
          message_id: this.#nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(params.chat_id), type: "private" },
          text: msg.text,
        });
      }
      case "getUpdates": {
        const offset = Number(params.offset ?? 0);
        const limit = Number(params.limit ?? 100);
        const timeoutS = Number(params.timeout ?? 0);
        const ready = this.#pending(offset);
        if (ready.length > 0 || timeoutS <= 0) return ok(ready.slice(0, limit));
        const updates = await new Promise<unknown[]>((resolve) => {
          const w: Waiter = { offset, resolve };
          const timer = setTimeout(() => {
            this.#waiters.delete(w);
            resolve([]);
          }, timeoutS * 1000);
          w.resolve = (u) => {
            clearTimeout(timer);
            resolve(u);
          };
          this.#waiters.add(w);
          // The bot gave up (stop aborts the request): forget the waiter.
          res.once("close", () => {
            this.#waiters.delete(w);
            w.resolve([]);
          });
        });
        return ok(updates.slice(0, limit));
      }
      default:
        return reply(404, { ok: false, error_code: 404, description: "Not Found: method not found" });
    }
  }
}
