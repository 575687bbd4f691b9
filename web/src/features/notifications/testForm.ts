import { i18n } from "../../i18n/index.ts";
import { notificationTarget } from "./target.ts";
import { PageTexts } from "./texts.ts";

// The 'Send Test Notification' form's rule: title and body are required ('Title and body are
// required'), the URL is optional. A URL that is given must be somewhere a click can go (target.ts):
// the server would store anything, and the click would then go nowhere.

// The server's own words for the same refusal (services/notifications validate()), in the reader's
// language.
export const BAD_URL = "URL must be a path starting with / or an http(s) address";

export interface TestInput {
  title: string;
  body: string;
  url: string;
}

export type TestCheck =
  | { ok: true; value: { title: string; body: string; url?: string } }
  | { ok: false; error: string };

export function checkTestInput(input: TestInput, origin: string): TestCheck {
  const title = input.title.trim();
  const body = input.body.trim();
  if (!title || !body) return { ok: false, error: PageTexts.titleBodyRequired };
  const url = input.url.trim();
  if (!url) return { ok: true, value: { title, body } };
  if (!notificationTarget(url, origin)) return { ok: false, error: i18n.t("notifications:page.badUrl") };
  return { ok: true, value: { title, body, url } };
}
