import { TELEGRAM_MESSAGES } from "@dirabot/api/messages.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import type { TelegramMessage } from "./api.ts";
import { chatLabel, chatName, deliveryLine, statusLabel, typeLabel } from "./format.ts";
import { textOf } from "./texts.ts";

// The messaging screens' words in both languages; names inside a label are set apart (FSI…PDI).

const FSI = "\u2068";
const PDI = "\u2069";

const message = (m: Partial<TelegramMessage>) =>
  ({
    _id: "m1",
    type: "direct",
    status: "sent",
    content: "hi",
    chatId: "42",
    chatName: "",
    ...m,
  }) as TelegramMessage;

const broadcast = message({
  type: "broadcast",
  chatId: null,
  recipients: { total: 3, sent: 2, failed: 1, pending: 0 },
} as Partial<TelegramMessage>);

describe("the telegram catalogue", () => {
  it("words the validation messages in English as the gateway does", () => {
    expect(textOf("empty")).toBe(TELEGRAM_MESSAGES.empty);
    expect(textOf("directMissing")).toBe(TELEGRAM_MESSAGES.directMissing);
  });
});

describe("in English", () => {
  it("labels a message's chat, with the names isolated", () => {
    expect(chatLabel(broadcast)).toBe("All chats · 3 recipients");
    expect(chatLabel({ ...broadcast, recipients: { total: 1, sent: 1, failed: 0, pending: 0 } })).toBe(
      "All chats · 1 recipient",
    );
    expect(chatLabel(message({ chatName: "" }))).toBe("Chat 42");
    expect(chatLabel(message({ type: "received", senderName: "דנה", chatName: "Flat hunt" }))).toBe(
      `${FSI}דנה${PDI} in ${FSI}Flat hunt${PDI}`,
    );
    expect(chatName({ chatName: "", chatId: "7" })).toBe("Chat 7");
  });

  it("sums a broadcast's deliveries up", () => {
    expect(deliveryLine(broadcast)).toBe("2 sent · 1 failed");
    expect(
      deliveryLine({ ...broadcast, recipients: { total: 1300, sent: 1234, failed: 0, pending: 66 } }),
    ).toBe("1,234 sent · 66 pending");
    expect(typeLabel("received")).toBe("Received");
    expect(statusLabel("pending")).toBe("pending");
  });
});

describe("in Hebrew", () => {
  beforeAll(() => i18n.changeLanguage("he"));
  afterAll(() => i18n.changeLanguage("en"));

  it("labels a message's chat in Hebrew, counting recipients the Hebrew way", () => {
    expect(chatLabel({ ...broadcast, recipients: { total: 1, sent: 1, failed: 0, pending: 0 } })).toBe(
      "כל הצ׳אטים · נמען אחד",
    );
    expect(chatLabel(broadcast)).toBe("כל הצ׳אטים · 3 נמענים");
    expect(chatLabel(message({ chatName: "" }))).toBe("צ׳אט 42");
    expect(chatLabel(message({ type: "received", senderName: "Dana", chatName: "@dana" }))).toBe(
      `${FSI}Dana${PDI} בצ׳אט ${FSI}@dana${PDI}`,
    );
  });

  it("sums deliveries, types and statuses up in Hebrew", () => {
    expect(deliveryLine(broadcast)).toBe("2 נשלחו · הודעה אחת נכשלה");
    expect(typeLabel("broadcast")).toBe("לכולם");
    expect(statusLabel("failed")).toBe("נכשלה");
    expect(textOf("noChats")).toBe("לא נמצאו צ׳אטים");
  });
});
