import { israelClock } from "@dirabot/platform";

/** A daily window in Israel time, "HH:mm" each; `to` before `from` crosses midnight (23:00–07:00). */
export interface QuietHours {
  from: string;
  to: string;
}

const DAY = 1440;

/** Israel's wall clock at an instant: minutes into the day, the second, the offset from UTC. */
function israel(at: Date) {
  const c = israelClock(at);
  return { minutes: c.hour * 60 + c.minute, second: c.second, offset: c.offsetMinutes };
}

const minutesOf = (hhmm: string) => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
};

/**
 * When the quiet hours that `now` falls in end, or undefined when `now` is outside them (or there
 * are none). The end is the next `to` on Israel's wall clock, also across a change to or from
 * summer time that night.
 */
export function quietUntil(q: QuietHours | undefined | null, now: Date): Date | undefined {
  if (!q) return undefined;
  const [from, to] = [minutesOf(q.from), minutesOf(q.to)];
  if (Number.isNaN(from) || Number.isNaN(to) || from === to) return undefined;
  const here = israel(now);
  const t = here.minutes;
  const inside = from < to ? t >= from && t < to : t >= from || t < to;
  if (!inside) return undefined;
  const ahead = (to - t + DAY) % DAY;
  const startOfMinute = now.getTime() - here.second * 1000 - (now.getTime() % 1000);
  const naive = new Date(startOfMinute + ahead * 60_000);
  // A clock change in between moves the wall clock's `to` by the change.
  return new Date(naive.getTime() + (here.offset - israel(naive).offset) * 60_000);
}
