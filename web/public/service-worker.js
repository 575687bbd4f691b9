// Dirabot's service worker, served at /service-worker.js with scope / (SPEC §7 "Other"): it shows
// web pushes and opens the app where a clicked one points. Plain JavaScript, no build step; the
// gateway serves it with Cache-Control: no-cache, so a deploy's new copy is picked up at once.
// It does not cache or answer fetches: the app needs the network for everything it shows.

const ICON = "/icons/icon-192.png";
const BADGE = "/icons/badge-96.png";

self.addEventListener("install", () => {
  // A new copy takes over at once: there is no cache whose versions could disagree.
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  // Control the pages already open, so the first visit's page is controlled too.
  event.waitUntil(self.clients.claim());
});

/** The payload {title, body, url, tag, type, image?}; text that is not JSON becomes the body. */
function readPayload(data) {
  if (!data) return {};
  try {
    const json = data.json();
    return json && typeof json === "object" ? json : {};
  } catch {
    return { body: data.text() };
  }
}

const text = (value, max) => (typeof value === "string" ? value.slice(0, max) : "");

/** A path of this site or an http(s) link; anything else is dropped (the app's target.ts rule). */
function safeUrl(value) {
  if (typeof value !== "string" || !value.trim()) return "/notifications";
  const raw = value.trim();
  const isPath = raw.startsWith("/") && !/^\/[/\\]/.test(raw);
  try {
    const url = isPath ? new URL(raw, self.location.origin) : new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "/notifications";
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : url.href;
  } catch {
    return "/notifications";
  }
}

async function tellPages(message) {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
}

self.addEventListener("push", (event) => {
  const payload = readPayload(event.data);
  const title = text(payload.title, 200) || "Dirabot";
  const options = {
    body: text(payload.body, 1000),
    icon: ICON,
    badge: BADGE,
    data: { url: safeUrl(payload.url), type: text(payload.type, 40) },
  };
  // A match's first photo, where the platform shows one (Android, Windows); an https picture only.
  const image = text(payload.image, 2000);
  if (image.startsWith("https://")) options.image = image;
  // One notification per tag: a newer push about the same thing replaces the older one.
  const tag = text(payload.tag, 200);
  if (tag) {
    options.tag = tag;
    options.renotify = true;
  }
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, options),
      tellPages({ type: "push-received", title, tag, notificationType: options.data.type }),
    ]),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = safeUrl(event.notification.data?.url);
  event.waitUntil(openAt(url));
});

/**
 * A path of the app opens in a tab of the app that is already open (the focused one first): the
 * tab is focused and told where to go, and its router goes there without a reload. With no tab
 * open, or for another site's link, a new window.
 */
async function openAt(url) {
  if (!url.startsWith("/")) return self.clients.openWindow(url);
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const mine = pages.filter((page) => new URL(page.url).origin === self.location.origin);
  const page = mine.find((p) => p.focused) ?? mine.find((p) => p.visibilityState === "visible") ?? mine[0];
  if (!page) return self.clients.openWindow(url);
  const focused = await page.focus().catch(() => page);
  (focused ?? page).postMessage({ type: "notification-click", url });
  return focused;
}
