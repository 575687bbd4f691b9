import { type APIRequestContext, expect } from "@playwright/test";

/**
 * The Telegram side of a spec: the Bot API double scripts/e2e.ts starts (E2E_TELEGRAM_DOUBLE),
 * through its control endpoints. `say` plays a user (in a group when a title is given); `sent`
 * reads what the bot wrote to a chat.
 */
export function telegramDouble(request: APIRequestContext) {
  const url = process.env.E2E_TELEGRAM_DOUBLE;
  expect(url, "the Telegram double that scripts/e2e.ts starts").toBeTruthy();
  return {
    async say(chatId: number, text: string, from: { username?: string; groupTitle?: string } = {}) {
      await request.post(`${url}/__control/say`, { data: { chatId, text, ...from } });
    },
    async sent(chatId: number): Promise<string[]> {
      return (await (await request.get(`${url}/__control/sent?chat=${chatId}`)).json()) as string[];
    },
  };
}
