import { setting } from "@dirabot/platform";
import * as z from "zod";

/** The Telegram bot's environment: its token (unset: the bot is off) and the Bot API's address. */
export const telegramSettings = z.object({
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, "expected a Bot API token (123:abc)")
    .optional(),
  TELEGRAM_API_ROOT: setting.httpUrl("https://api.telegram.org"),
});
export type TelegramSettings = z.infer<typeof telegramSettings>;
