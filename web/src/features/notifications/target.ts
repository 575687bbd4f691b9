// Where a click on a notification goes (a click in the popover marks it read and follows its
// url). The url comes from the server, which takes it from whoever created the notification (the
// test form accepts any), so it is checked here: a path of this app is followed inside the app, an
// http(s) link elsewhere opens in a new tab, and anything else (javascript:, data:, "//host") goes
// nowhere. A match carries its listing: its chat opens with the flat's story over it, as its push does.

export type NotificationTarget =
  | { kind: "internal"; path: string }
  | { kind: "external"; href: string }
  | null;

export function notificationTarget(
  url: string | null | undefined,
  origin: string,
  listingId?: string,
): NotificationTarget {
  const text = (url ?? "").trim();
  if (!text) return null;
  // A protocol-relative "//host" or "/\host" is another site, though it starts with a slash.
  const looksLikePath = text.startsWith("/") && !/^\/[/\\]/.test(text);
  let parsed: URL;
  try {
    parsed = looksLikePath ? new URL(text, origin) : new URL(text);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  if (parsed.origin === new URL(origin).origin) {
    return { kind: "internal", path: `${parsed.pathname}${withStory(parsed, listingId)}${parsed.hash}` };
  }
  if (looksLikePath) return null;
  return { kind: "external", href: parsed.href };
}

const STORY_ID = /^[\w-]{1,100}$/; // as the chat's ?story= accepts

/** The query with `story=<listing>` added, unless it names one already or the id is no id. */
function withStory(parsed: URL, listingId: string | undefined): string {
  if (!listingId || !STORY_ID.test(listingId) || parsed.searchParams.has("story")) return parsed.search;
  return `${parsed.search ? `${parsed.search}&` : "?"}story=${listingId}`;
}
