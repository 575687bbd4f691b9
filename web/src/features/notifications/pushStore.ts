import { useSyncExternalStore } from "react";
import { i18n } from "../../i18n/index.ts";
import { readStorage, removeStorage, StorageKeys, writeStorage } from "../../lib/storage.ts";
import { browserFacts, iosVersion, isMobile, type PushSupport, pushSupport } from "./platform.ts";
import { currentPermission, deviceSubscription, serverHas } from "./push.ts";
import type { Permission, SetupFacts } from "./setup.ts";

// This browser's push state, shared by the bell and the /notifications page so that enabling push
// in one shows at once in the other. Outside React: the browser, not a component, owns it.

export interface PushState {
  support: PushSupport;
  ios: boolean;
  mobile: boolean;
  installed: boolean;
  permission: Permission;
  subscribed: boolean;
  /** The setup guide was finished here without push (kept in localStorage, per device). */
  withoutPush: boolean;
  /** False until the first look at the device's subscription has ended. */
  checked: boolean;
}

const storedWithoutPush = () => readStorage(StorageKeys.withoutPush) === "true";

function fresh(previous?: PushState): PushState {
  const facts = browserFacts();
  return {
    support: pushSupport(facts),
    ios: iosVersion(facts) !== null,
    mobile: isMobile(facts),
    // appinstalled during this visit counts, though this tab is still a browser tab.
    installed: facts.standalone || previous?.installed === true,
    permission: currentPermission(),
    subscribed: previous?.subscribed ?? false,
    withoutPush: storedWithoutPush(),
    checked: previous?.checked ?? false,
  };
}

let state: PushState | null = null;
const listeners = new Set<() => void>();
let generation = 0;
let watching = false;

function set(next: PushState): void {
  state = next;
  for (const listener of listeners) listener();
}

const get = (): PushState => {
  state ??= fresh();
  return state;
};

/** Looks again: permission, the device's subscription and whether the server has it. */
export async function refreshPush(): Promise<void> {
  const mine = ++generation;
  const base = fresh(get());
  set(base);
  let subscribed = false;
  try {
    const subscription = base.permission === "granted" ? await deviceSubscription() : null;
    subscribed = subscription ? await serverHas(subscription.endpoint) : false;
  } catch {
    // Unknown is shown as off: turning it on again is harmless (the server replaces its copy).
  }
  if (mine === generation) set({ ...fresh(get()), subscribed, checked: true });
}

/** 'Continue without push' (true) or 'Reset Setup' (false): remembered on this device. */
export function setWithoutPush(on: boolean): void {
  if (on) writeStorage(StorageKeys.withoutPush, "true");
  else removeStorage(StorageKeys.withoutPush);
  set({ ...get(), withoutPush: on });
}

export function markInstalled(): void {
  set({ ...get(), installed: true });
}

/** After an enable or disable the answer is known without asking again. */
export function setSubscribed(subscribed: boolean): void {
  generation++;
  set({ ...fresh(get()), subscribed, checked: true });
}

function watch(): void {
  if (watching) return;
  watching = true;
  void refreshPush();
  // Where push cannot work the state carries the reason as a text: another language says it again.
  i18n.on("languageChanged", () => {
    if (state) set({ ...fresh(state), subscribed: state.subscribed, checked: state.checked });
  });
  // A permission changed in the browser's settings while the page is open.
  void navigator.permissions
    ?.query({ name: "notifications" })
    .then((status) => status.addEventListener("change", () => void refreshPush()))
    .catch(() => undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  watch();
  return () => listeners.delete(listener);
}

/**
 * Nothing looked at yet: a page drawn before the browser is known (lib/drawn.ts) is drawn with
 * this, and the browser's first drawing of that page too, before it looks.
 */
const UNKNOWN: PushState = {
  support: { level: "full" },
  ios: false,
  mobile: false,
  installed: false,
  permission: "default",
  subscribed: false,
  withoutPush: false,
  checked: false,
};

export function usePushState(): PushState {
  return useSyncExternalStore(subscribe, get, () => UNKNOWN);
}

export const setupFacts = (s: PushState): SetupFacts => ({
  support: s.support,
  installed: s.installed,
  permission: s.permission,
  subscribed: s.subscribed,
  withoutPush: s.withoutPush,
});
