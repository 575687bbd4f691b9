import { QUIET_HOURS_MESSAGES as QUIET_HOURS_ERRORS } from "@dirabot/api/messages.ts";
import { i18n } from "../../i18n/index.ts";
import type { NotifySettings, QuietHours, User } from "../auth/index.ts";

// The Notifications card's rules (`notify` on the user: docs/PRODUCT.md), pure so they
// are tested without a browser. The English messages are the server's, so a refusal reads the same.

export { QUIET_HOURS_ERRORS };

/** What a new window starts as: the night. */
export const DEFAULT_QUIET_HOURS: QuietHours = { from: "23:00", to: "07:00" };
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface NotifyForm {
  telegramMatches: boolean;
  quiet: boolean;
  from: string;
  to: string;
}

export const savedNotify = (user: User): NotifySettings =>
  user.notify ?? { telegramMatches: false, quietHours: null };

export function notifyForm(user: User): NotifyForm {
  const { telegramMatches, quietHours } = savedNotify(user);
  return { telegramMatches, quiet: quietHours !== null, ...(quietHours ?? DEFAULT_QUIET_HOURS) };
}

export type QuietHoursProblem = keyof typeof QUIET_HOURS_ERRORS;

/** The first problem with the window, or undefined; nothing to check while quiet hours are off. */
export function quietHoursProblem(form: NotifyForm): QuietHoursProblem | undefined {
  if (!form.quiet) return undefined;
  if (!HH_MM.test(form.from)) return "from";
  if (!HH_MM.test(form.to)) return "to";
  if (form.from === form.to) return "same";
  return undefined;
}

/** The first problem's message in the reader's language. */
export function quietHoursError(form: NotifyForm): string | undefined {
  const problem = quietHoursProblem(form);
  return problem ? i18n.t(`users:notify.errors.${problem}`) : undefined;
}

/** The settings the form says, as PATCH /api/users/{id} takes them. */
export function notifyOf(form: NotifyForm): NotifySettings {
  return {
    telegramMatches: form.telegramMatches,
    quietHours: form.quiet ? { from: form.from, to: form.to } : null,
  };
}

export function sameNotify(a: NotifySettings, b: NotifySettings): boolean {
  return (
    a.telegramMatches === b.telegramMatches &&
    a.quietHours?.from === b.quietHours?.from &&
    a.quietHours?.to === b.quietHours?.to
  );
}

/** What the window does, in the 24-hour clock whatever the browser shows in its time inputs. */
export function quietHoursSummary(from: string, to: string): string {
  return i18n.t(to < from ? "users:notify.summaryOvernight" : "users:notify.summary", { from, to });
}
