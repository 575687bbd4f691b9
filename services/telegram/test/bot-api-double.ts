import { randomInt } from "node:crypto";
import * as http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the Telegram Bot API over real HTTP: enough of getMe, getUpdates (long
 * polling with offset and timeout), sendMessage, sendPhoto (by URL, fetched as Telegram does),
 * deleteWebhook and getWebhookInfo for grammY. Tests queue what users send with `userSays` and
 * read what the bot answered in `sent`. It serves a picture of its own at `photoUrl`.
 */
export interface SentMessage {
  chat_id: string;
  /** The message's text, or the photo's caption. */
  text: string;
  /** sendPhoto: the picture's URL. */
  photo?: string;
  /** The inline keyboard's URL buttons, row after row. */
  buttons?: Array<{ text: string; url: string }>;
  /** "MarkdownV2" when the text was sent with that parse mode. */
  parse_mode?: string;
}
/** One send the bot asked for, answered or refused, and when. */
export interface SendAttempt {
  method: string;
  chat_id: string;
  /** The HTTP status answered: 200, or Telegram's error code. */
  status: number;
  at: number;
}
/** A 1×1 PNG: the picture the double serves for photo sends. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
export interface TelegramUser {
  chatId: number;
  username?: string;
  firstName?: string;
  /** A group the user writes in (a negative chat id), by its title; unset: a private chat. */
  groupTitle?: string;
  /** The language of the person's Telegram app (`from.language_code`), e.g. "he"; unset: none. */
  languageCode?: string;
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
  /** Chats whose user blocked the bot: 403, as Telegram answers. */
  readonly blocked = new Set<string>();
  /** Chats that do not exist (any more): 400 "chat not found". */
  readonly missing = new Set<string>();
  /** Every send asked for, in order, with its answer and time. */
  readonly attempts: SendAttempt[] = [];
  /**
   * Sends to answer 429 Too Many Requests before the next ones go through. Like `failNext`, it
   * counts only sends to chats this double's users spoke in (see `#heardFrom`).
   */
  throttleNext = 0;
  /** Sends to answer 500 Internal Server Error before the next ones go through. */
  failNext = 0;
  /**
   * The chats a user of this double spoke in (or added the bot to). On the shared NATS of the
   * tests' second pass, every test process's telegram service posts every group match it hears
   * of, so another process's group posts reach this double too, to chats nobody spoke in here.
   * Those are kept in `sent` (a test may post to a group of its own by event alone) but out of
   * `calls`, `attempts` and the 429 and 500 counters, which a test sets and reads for its own chats.
   */
  readonly #heardFrom = new Set<string>();
  /** How long each send takes to answer (a slow Telegram). */
  sendDelayMs = 0;
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

  /** A picture Telegram can fetch (the double serves it); other paths of the double answer 404. */
  get photoUrl(): string {
    return `${this.url}/__files/flat.png`;
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
      from: {
        id: fromId,
        is_bot: false,
        first_name: firstName,
        username: user.username,
        ...(user.languageCode ? { language_code: user.languageCode } : {}),
      },
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
  #deliver(message: { chat: { id: number; [field: string]: unknown }; [field: string]: unknown }): void {
    this.#heardFrom.add(String(message.chat.id));
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

  /**
   * What Telegram would answer instead of sending, if anything: a 429 while throttled, 403 from a
   * chat the bot was removed from, 400 for a button to a local address (Telegram refuses those),
   * a caption over 1024 characters, or a photo it cannot fetch as a picture.
   */
  async #refuseSend(method: string, params: Record<string, unknown>, ours: boolean) {
    if (ours && this.throttleNext > 0) {
      this.throttleNext--;
      return {
        error_code: 429,
        description: "Too Many Requests: retry after 1",
        parameters: { retry_after: 1 },
      };
    }
    if (ours && this.failNext > 0) {
      this.failNext--;
      return { error_code: 500, description: "Internal Server Error" };
    }
    if (this.kickedFrom.has(String(params.chat_id)))
      return { error_code: 403, description: "Forbidden: bot was kicked from the supergroup chat" };
    if (this.blocked.has(String(params.chat_id)))
      return { error_code: 403, description: "Forbidden: bot was blocked by the user" };
    if (this.missing.has(String(params.chat_id)))
      return { error_code: 400, description: "Bad Request: chat not found" };
    if (params.parse_mode === "MarkdownV2") {
      const wrong = unescapedV2(String(params.text ?? params.caption ?? ""));
      if (wrong)
        return {
          error_code: 400,
          description: `Bad Request: can't parse entities: Character '${wrong}' is reserved and must be escaped with the preceding '\\'`,
        };
    }
    const local = urlButtons(params.reply_markup).some((b) => {
      const host = URL.canParse(b.url) ? new URL(b.url).hostname : "";
      return !/^https?:/.test(b.url) || host === "localhost" || host === "127.0.0.1";
    });
    if (local) return { error_code: 400, description: "Bad Request: BUTTON_URL_INVALID" };
    if (method !== "sendPhoto") return undefined;
    if (String(params.caption ?? "").length > 1024)
      return { error_code: 400, description: "Bad Request: message caption is too long" };
    const fetched = await fetch(String(params.photo), { signal: AbortSignal.timeout(5000) }).catch(
      () => undefined,
    );
    await fetched?.body?.cancel().catch(() => undefined); // the status and type are enough
    if (!fetched?.ok) return { error_code: 400, description: "Bad Request: failed to get HTTP URL content" };
    if (!fetched.headers.get("content-type")?.startsWith("image/"))
      return { error_code: 400, description: "Bad Request: wrong type of the web page content" };
    return undefined;
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
    const control = /^\/__control\/(sent|messages)\?chat=(-?\d+)$/.exec(req.url ?? "");
    if (control) {
      // `sent`: the texts (and captions); `messages`: whole records, photos and buttons too.
      const chat = String(control[2]);
      const body =
        control[1] === "sent" ? this.sentTo(Number(chat)) : this.sent.filter((m) => m.chat_id === chat);
      res
        .writeHead(200, { "content-type": "application/json", connection: "close" })
        .end(JSON.stringify(body));
      return;
    }
    if (req.url?.startsWith("/__files/")) {
      if (req.url === "/__files/flat.png") res.writeHead(200, { "content-type": "image/png" }).end(PNG);
      else res.writeHead(404, { "content-type": "text/plain" }).end("not found");
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
    const stray = /^send/.test(method) && !this.#heardFrom.has(String(params.chat_id));
    if (!stray) this.calls.push(method);
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
      case "sendMessage":
      case "sendPhoto": {
        if (this.sendDelayMs > 0) await new Promise((r) => setTimeout(r, this.sendDelayMs));
        const refused = await this.#refuseSend(method, params, !stray);
        const attempt = { method, chat_id: String(params.chat_id), at: Date.now() };
        if (!stray) this.attempts.push({ ...attempt, status: refused?.error_code ?? 200 });
        if (refused) return reply(refused.error_code, { ok: false, ...refused });
        const text = String(method === "sendPhoto" ? (params.caption ?? "") : params.text);
        const msg: SentMessage = { chat_id: String(params.chat_id), text };
        if (method === "sendPhoto") msg.photo = String(params.photo);
        if (params.parse_mode) msg.parse_mode = String(params.parse_mode);
        const buttons = urlButtons(params.reply_markup);
        if (buttons.length) msg.buttons = buttons;
        this.sent.push(msg);
        return ok({
          message_id: this.#nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(params.chat_id), type: "private" },
          ...(msg.photo
            ? { photo: [{ file_id: "photo", file_unique_id: "photo", width: 1, height: 1 }], caption: text }
            : { text }),
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

/** The URL buttons of an inline keyboard, in order. */
function urlButtons(markup: unknown): Array<{ text: string; url: string }> {
  const rows = (markup as { inline_keyboard?: Array<Array<{ text: string; url?: string }>> } | undefined)
    ?.inline_keyboard;
  return (rows ?? []).flat().map((b) => ({ text: b.text, url: b.url ?? "" }));
}

/**
 * The first reserved character a MarkdownV2 text leaves unescaped where Telegram would refuse it, or
 * undefined: outside code, * _ ~ [ ] ( ) ` only as formatting, > only at a line's start, and
 * # + - = | { } . ! never bare; inside code and pre only ` and \ need escaping, in a link's
 * address only ) and \. Not all of Telegram's parser: enough to catch a missed escape.
 */
function unescapedV2(text: string): string | undefined {
  let code: "" | "`" | "```" = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "\\") {
      i++;
      continue;
    }
    if (code) {
      if (text.startsWith(code, i)) {
        i += code.length - 1;
        code = "";
      }
      continue;
    }
    if (c === "]" && text[i + 1] === "(") {
      // A link's address: only ) and \ are escaped there.
      for (i += 2; i < text.length && text[i] !== ")"; i++) if (text[i] === "\\") i++;
    } else if (c === "`") {
      code = text.startsWith("```", i) ? "```" : "`";
      i += code.length - 1;
    } else if ("#+-={}.!|".includes(c)) return c;
    else if (c === ">" && i > 0 && text[i - 1] !== "\n") return c;
  }
  return undefined;
}
