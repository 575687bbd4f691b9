/** The admins' Telegram texts about a scraped source going offline and coming back. */

const israelClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Jerusalem",
  hour: "2-digit",
  minute: "2-digit",
});

/** "12 min", "2 h 5 min": how long, as an operator reads it at a glance. */
export function span(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

export function offlineText(o: { title: string; reason: string; since: Date; now: Date; dashboard: string }) {
  return [
    `⚠️ ${o.title} is offline: ${o.reason}`,
    `Down for ${span(o.now.getTime() - o.since.getTime())}, since ${israelClock.format(o.since)} Israel time.`,
    `Dashboard: ${o.dashboard}`,
  ].join("\n");
}

export function recoveredText(o: { title: string; since: Date; now: Date }) {
  return `✅ ${o.title} is back online after ${span(o.now.getTime() - o.since.getTime())}.`;
}
