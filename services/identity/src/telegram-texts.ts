import type { Locale } from "@dirabot/platform";

/**
 * What identity sends to an account's linked Telegram chat, in the account's language (English
 * is the product's texts as they always were). Codes and links are left-to-right runs a Hebrew
 * line keeps whole, so they stand on lines of their own.
 */
export const RESET_TEXTS: Record<Locale, { code: (code: string, link: string) => string; paused: string }> = {
  en: {
    code: (code, link) =>
      `Your Dirabot password reset code: ${code}\n\nOr open this link to choose a new password:\n${link}\n\nBoth are valid for 15 minutes. If you did not ask for this, ignore this message.`,
    paused:
      "Someone entered too many wrong password reset codes for your Dirabot account. The codes already sent no longer work, and no new ones will be sent for up to a day. Your password has not changed.",
  },
  he: {
    code: (code, link) =>
      `קוד האיפוס של הסיסמה שלך ב־Dirabot:\n${code}\n\nאפשר גם לפתוח את הקישור הזה ולבחור סיסמה חדשה:\n${link}\n\nהקוד והקישור תקפים ל־15 דקות. אם לא ביקשת לאפס את הסיסמה, אפשר להתעלם מההודעה.`,
    paused:
      "מישהו הזין יותר מדי קודי איפוס שגויים לחשבון שלך ב־Dirabot. הקודים שכבר נשלחו לא יעבדו יותר, ולא יישלחו קודים חדשים במשך עד יממה. הסיסמה שלך לא השתנתה.",
  },
};
