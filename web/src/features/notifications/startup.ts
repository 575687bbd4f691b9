import { registerWorker } from "./push.ts";
import { markInstalled, refreshPush } from "./pushStore.ts";
import { notificationTarget } from "./target.ts";

// What starts with the app, signed in or not: the service worker (so it controls the pages and the
// app is installable), the browser's install offer (it fires once, early, and must be kept for the
// install prompt), and what the worker tells the pages.

interface InstallOffer extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let offer: InstallOffer | null = null;
const offerListeners = new Set<() => void>();
const pushListeners = new Set<() => void>();
let started = false;

/** The browser's install dialog, when it offered one (beforeinstallprompt). */
export const installOffer = () => offer;

export function onInstallOffer(listener: () => void): () => void {
  offerListeners.add(listener);
  return () => offerListeners.delete(listener);
}

/** Shows the browser's install dialog; true when the person accepted. It can be used once. */
export async function promptInstall(): Promise<boolean> {
  const current = offer;
  if (!current) return false;
  offer = null;
  for (const listener of offerListeners) listener();
  await current.prompt();
  return (await current.userChoice).outcome === "accepted";
}

/** A push arrived at the worker while a page was open: the lists are stale. */
export function onPushMessage(listener: () => void): () => void {
  pushListeners.add(listener);
  return () => pushListeners.delete(listener);
}

interface WorkerMessage {
  type?: unknown;
  url?: unknown;
}

/**
 * `navigate` follows a clicked notification inside the app (the worker focuses this tab and says
 * where to go; the router, not a reload, takes it there).
 */
export function startPwa(navigate: (path: string) => void): void {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("beforeinstallprompt", (event) => {
    // Kept for the install prompt (mobile) and the setup guide's Install button.
    event.preventDefault();
    offer = event as InstallOffer;
    for (const listener of offerListeners) listener();
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    markInstalled();
    for (const listener of offerListeners) listener();
  });
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<WorkerMessage>) => {
    // Only our own worker posts to this page, and only these two shapes.
    const data = event.data ?? {};
    if (data.type === "notification-click" && typeof data.url === "string") {
      const target = notificationTarget(data.url, window.location.origin);
      if (target?.kind === "internal") navigate(target.path);
    } else if (data.type === "push-received") {
      for (const listener of pushListeners) listener();
    }
  });
  // After the page has loaded, so the worker's download never competes with the app's own.
  const register = () =>
    void registerWorker().then(
      () => refreshPush(),
      () => undefined,
    );
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
