import { isolate, type Locale } from "@dirabot/platform";
import type { Undone } from "./link-notices.ts";
import type { Redeemed } from "./links.service.ts";

/**
 * Everything the bot says of its own, in each language. A reply goes in the language of the
 * person's Telegram app (the update's `language_code`) or, once the chat is an account's, the
 * account's; English is the product's texts as they always were. In Hebrew, user data (an
 * account's email, a chat's name) is isolated with FSI … PDI and commands stand apart, so the
 * line keeps its order.
 */
export interface BotTexts {
  replies: Record<Redeemed | "welcome", string>;
  startInGroup: string;
  register: { added: string; notGroup: string; code: (code: string, url: string) => string };
  undo: Record<Undone, string>;
  failed: string;
  replaced: (account: string, by: string, code: string) => string;
  unnamedChat: string;
  password: (account: string, reset: boolean) => string;
}

export const BOT_TEXTS: Record<Locale, BotTexts> = {
  en: {
    replies: {
      linked: "Your Dirabot account is now linked ✅",
      unknown: "This link code is not valid. Open your Dirabot profile and create a new one.",
      expired: "This link code has expired. Open your Dirabot profile and create a new one.",
      used: "This link code has already been used. Open your Dirabot profile and create a new one.",
      welcome:
        "Welcome to Dirabot 👋 To get your notifications here, open your Dirabot profile and choose to link Telegram.",
    },
    startInGroup:
      "I link accounts only in a private chat: open the Telegram link from your Dirabot profile. Nothing was linked here, and a code sent here no longer works. To connect a bot to this group, send /register.",
    register: {
      added: "Hi 👋 I post new rental listings here. Send /register to connect a Dirabot bot to this group.",
      notGroup: "Add me to a Telegram group, then send /register there to connect a Dirabot bot to it.",
      code: (code, url) =>
        `Your Dirabot code: ${code}\nIt is valid for 15 minutes. Open ${url} (or enter the code in Dirabot, My Bots) to connect a bot to this group.`,
    },
    undo: {
      undone:
        'Done: this chat is linked to your Dirabot account again, and everyone signed in to it was signed out. Sign in again and change your password (if you cannot sign in, choose "Forgot password": the code comes here).',
      unknown: "This undo code is not valid here. Nothing was changed.",
      expired: "This undo code is more than a day old. Nothing was changed.",
      used: "This undo code was already used. Nothing was changed.",
    },
    failed: "Something went wrong. Please try again in a minute.",
    replaced: (account, by, code) => {
      const whose = account ? `Your Dirabot account ${account}` : "Your Dirabot account";
      return `${whose} was just linked to another Telegram chat (${by}). This chat no longer gets its matches or password reset codes.\n\nIf it was not you, send /undo_${code} within 24 hours: this chat is linked again, and everyone signed in to the account is signed out.`;
    },
    unnamedChat: "a chat without a name",
    password: (account, reset) =>
      `The password of your Dirabot account ${account} was ${reset ? "reset" : "changed"}, and Telegram link codes made before it no longer work.\n\nIf it was not you, choose "Forgot password" on the Dirabot sign-in page: the reset code comes to this chat.`,
  },
  he: {
    replies: {
      linked: "החשבון שלך ב־Dirabot מחובר עכשיו ✅",
      unknown: "קוד החיבור אינו תקין. אפשר ליצור קוד חדש בפרופיל שלך ב־Dirabot.",
      expired: "פג תוקף קוד החיבור. אפשר ליצור קוד חדש בפרופיל שלך ב־Dirabot.",
      used: "קוד החיבור כבר נוצל. אפשר ליצור קוד חדש בפרופיל שלך ב־Dirabot.",
      welcome:
        "ברוכים הבאים ל־Dirabot 👋 כדי לקבל כאן התראות, צריך לפתוח את הפרופיל ב־Dirabot ולבחור לחבר את טלגרם.",
    },
    startInGroup:
      "אני מחבר חשבונות רק בצ׳אט פרטי: יש לפתוח את קישור הטלגרם מהפרופיל ב־Dirabot. שום דבר לא חובר כאן, וקוד שנשלח כאן כבר לא יעבוד. כדי לחבר בוט לקבוצה הזו, שלחו:\n/register",
    register: {
      added: "היי 👋 אני מפרסם כאן מודעות חדשות להשכרה. כדי לחבר בוט של Dirabot לקבוצה הזו, שלחו:\n/register",
      notGroup: "צריך להוסיף אותי לקבוצת טלגרם ולשלוח שם את הפקודה ‎/register כדי לחבר אליה בוט של Dirabot.",
      code: (code, url) =>
        `הקוד שלך ב־Dirabot:\n${code}\nהוא תקף ל־15 דקות. כדי לחבר בוט לקבוצה הזו, יש לפתוח את הקישור (או להזין את הקוד ב־Dirabot, בעמוד הבוטים שלי):\n${url}`,
    },
    undo: {
      undone:
        "בוצע: הצ׳אט הזה מחובר שוב לחשבון שלך ב־Dirabot, וכל מי שהיה מחובר לחשבון נותק. יש להתחבר שוב ולהחליף סיסמה (אם אי אפשר להתחבר, בוחרים ״שכחתי סיסמה״: הקוד יגיע לכאן).",
      unknown: "קוד הביטול אינו תקף כאן. שום דבר לא השתנה.",
      expired: "קוד הביטול ישן מיותר מיממה. שום דבר לא השתנה.",
      used: "קוד הביטול כבר נוצל. שום דבר לא השתנה.",
    },
    failed: "משהו השתבש. אפשר לנסות שוב בעוד דקה.",
    replaced: (account, by, code) => {
      const whose = account ? `החשבון שלך ב־Dirabot ${isolate(account)}` : "החשבון שלך ב־Dirabot";
      return `${whose} חובר עכשיו לצ׳אט טלגרם אחר (${isolate(by)}). הצ׳אט הזה כבר לא יקבל את ההתאמות או את קודי איפוס הסיסמה שלו.\n\nאם זה לא היה אצלך, יש לשלוח תוך 24 שעות:\n/undo_${code}\nהצ׳אט הזה יחובר שוב, וכל מי שמחובר לחשבון ינותק.`;
    },
    unnamedChat: "צ׳אט בלי שם",
    password: (account, reset) =>
      `הסיסמה של החשבון שלך ב־Dirabot ${isolate(account)} ${reset ? "אופסה" : "הוחלפה"}, וקודי חיבור לטלגרם שנוצרו לפני כן כבר לא יעבדו.\n\nאם זה לא היה אצלך, בוחרים ״שכחתי סיסמה״ בעמוד ההתחברות של Dirabot: קוד האיפוס יגיע לצ׳אט הזה.`,
  },
};

/** A Telegram user's app language as ours: Hebrew for `he` (and the old `iw`), else English. */
export const telegramLocale = (languageCode: string | undefined): Locale =>
  /^(he|iw)\b/i.test(languageCode ?? "") ? "he" : "en";
