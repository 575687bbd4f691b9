import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { launch, type Running } from "@dirabot/platform";
import { asUser, trustedTransport, uniqueId, waitFor } from "@dirabot/platform/testing";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BotApiDouble } from "../test/bot-api-double.ts";
import { testSettings } from "../test/env.ts";
import { REPLIES } from "./bot.ts";
import { createTelegram } from "./module.ts";

/**
 * SendToUser with a photo and a link button (a match as the notifications service sends it),
 * against the Bot API double: the photo and button are best-effort, the text always arrives.
 */
let double: BotApiDouble;
let running: Running;
let tg: ReturnType<typeof createClient<typeof TelegramService>>;
let nextChat = 9100 + Math.floor(Math.random() * 800);
const LISTING = "https://www.yad2.co.il/item/abc123";
const button = { text: "View the listing", url: LISTING };

beforeAll(async () => {
  double = await BotApiDouble.start();
  running = await launch(testSettings({ TELEGRAM_BOT_TOKEN: double.token, TELEGRAM_API_ROOT: double.url }), [
    createTelegram({ lockRetryMs: 300 }),
  ]);
  tg = createClient(TelegramService, trustedTransport(running));
});
afterAll(async () => {
  await running?.stop();
  await double?.close();
});

/** A user with a linked private chat; answers the user id and the chat. */
async function linked(): Promise<{ userId: string; chatId: number }> {
  const userId = uniqueId();
  const chatId = nextChat++;
  const { code } = await tg.createLinkCode({}, asUser(userId));
  double.userSays({ chatId, username: "dana" }, `/start ${code}`);
  await waitFor(async () => (double.sentTo(chatId).includes(REPLIES.linked) ? true : undefined), "the link");
  return { userId, chatId };
}
const last = (chatId: number) => double.sent.filter((m) => m.chat_id === String(chatId)).at(-1);
const failure = async (p: Promise<unknown>) => {
  const err = await p.then(() => undefined, ConnectError.from);
  return err && { code: Code[err.code], message: err.rawMessage };
};
const CAPTION = "🏠 Florentin: a new listing\n3 rooms · 70 m² · ₪6,500";

describe("SendToUser with a photo", () => {
  it("sends the photo with the text as its caption and the link button", async () => {
    const { userId, chatId } = await linked();
    await tg.sendToUser({ userId, text: CAPTION, photoUrl: double.photoUrl, button });
    expect(last(chatId)).toEqual({
      chat_id: String(chatId),
      text: CAPTION,
      photo: double.photoUrl,
      buttons: [button],
    });
    expect(double.calls.filter((c) => c === "sendPhoto")).not.toHaveLength(0);
  });

  it("sends the text alone when Telegram cannot use the picture", async () => {
    const { userId, chatId } = await linked();
    const before = double.calls.length;
    await tg.sendToUser({ userId, text: CAPTION, photoUrl: `${double.url}/__files/gone.jpg`, button });
    expect(last(chatId)).toEqual({ chat_id: String(chatId), text: CAPTION, buttons: [button] });
    // A page that is not a picture (the double's JSON) is refused as Telegram refuses it.
    await tg.sendToUser({ userId, text: "second", photoUrl: `${double.url}/__control/sent?chat=1` });
    expect(last(chatId)).toEqual({ chat_id: String(chatId), text: "second" });
    expect(double.calls.slice(before)).toEqual(["sendPhoto", "sendMessage", "sendPhoto", "sendMessage"]);
  });

  it("sends a text too long for a caption as a message, whole", async () => {
    const { userId, chatId } = await linked();
    const long = `${CAPTION}\n${"x".repeat(1100)}`;
    await tg.sendToUser({ userId, text: long, photoUrl: double.photoUrl });
    expect(last(chatId)).toEqual({ chat_id: String(chatId), text: long });
    const exactly = "y".repeat(1024);
    await tg.sendToUser({ userId, text: exactly, photoUrl: double.photoUrl });
    expect(last(chatId)).toMatchObject({ text: exactly, photo: double.photoUrl });
  });

  it("drops a button Telegram refuses (a localhost link) and keeps the photo", async () => {
    const { userId, chatId } = await linked();
    const local = { text: "Open in Dirabot", url: "http://localhost:3000/chats/abc" };
    await tg.sendToUser({ userId, text: CAPTION, photoUrl: double.photoUrl, button: local });
    expect(last(chatId)).toEqual({ chat_id: String(chatId), text: CAPTION, photo: double.photoUrl });
    await tg.sendToUser({ userId, text: "no photo", button: local });
    expect(last(chatId)).toEqual({ chat_id: String(chatId), text: "no photo" });
  });

  it("sends a match's row of buttons, the story and WhatsApp, and drops them together when one is refused", async () => {
    const { userId, chatId } = await linked();
    const story = { text: "Open in Dirabot", url: "https://dirabot.example/chats/c1?story=a1" };
    const whatsApp = { text: "WhatsApp", url: "https://wa.me/972501234567?text=Hi" };
    await tg.sendToUser({ userId, text: CAPTION, photoUrl: double.photoUrl, buttons: [story, whatsApp] });
    expect(last(chatId)).toEqual({
      chat_id: String(chatId),
      text: CAPTION,
      photo: double.photoUrl,
      buttons: [story, whatsApp],
    });
    const local = { ...story, url: "http://localhost:3000/chats/c1?story=a1" };
    await tg.sendToUser({ userId, text: "local", buttons: [local, whatsApp] });
    expect(last(chatId)).toEqual({ chat_id: String(chatId), text: "local" });
    expect(
      await failure(tg.sendToUser({ userId, text: "x", buttons: [story, whatsApp, story, whatsApp] })),
    ).toEqual({ code: "InvalidArgument", message: "At most 3 buttons go with a message" });
    expect(
      await failure(
        tg.sendToUser({ userId, text: "x", buttons: [{ text: "Call", url: "tel:+972501234567" }] }),
      ),
    ).toEqual({
      code: "InvalidArgument",
      message: "A button's url must be an http(s) address",
    });
  });

  it("waits out a short 429 once; a second in a row is UNAVAILABLE for the caller to retry", async () => {
    const { userId, chatId } = await linked();
    double.throttleNext = 1;
    const started = Date.now();
    await tg.sendToUser({ userId, text: CAPTION, photoUrl: double.photoUrl });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900); // retry_after: 1
    expect(double.sent.filter((m) => m.chat_id === String(chatId) && m.text === CAPTION)).toHaveLength(1);

    double.throttleNext = 2;
    expect(await failure(tg.sendToUser({ userId, text: "busy", photoUrl: double.photoUrl }))).toEqual({
      code: "Unavailable",
      message: "Telegram is busy: Too Many Requests: retry after 1",
    });
    expect(double.sentTo(chatId)).not.toContain("busy");
  });

  it("keeps a refused chat a refusal, and checks what it is given", async () => {
    const { userId, chatId } = await linked();
    double.kickedFrom.add(String(chatId));
    expect(await failure(tg.sendToUser({ userId, text: CAPTION, photoUrl: double.photoUrl }))).toEqual({
      code: "FailedPrecondition",
      message: "Telegram refused the message: Forbidden: bot was kicked from the supergroup chat",
    });
    double.kickedFrom.delete(String(chatId));
    expect(await failure(tg.sendToUser({ userId, text: "x", photoUrl: "ftp://example.com/a.jpg" }))).toEqual({
      code: "InvalidArgument",
      message: "photo_url must be an http(s) address",
    });
    expect(await failure(tg.sendToUser({ userId, text: "x", button: { text: " ", url: LISTING } }))).toEqual({
      code: "InvalidArgument",
      message: "A button needs a label of 1 to 64 characters",
    });
    expect(
      await failure(tg.sendToUser({ userId, text: "x", button: { text: "Open", url: "javascript:1" } })),
    ).toEqual({
      code: "InvalidArgument",
      message: "A button's url must be an http(s) address",
    });
    expect(
      await failure(tg.sendToUser({ userId: uniqueId(), text: "x", photoUrl: double.photoUrl })),
    ).toEqual({
      code: "NotFound",
      message: "No Telegram account is linked",
    });
  });
});
