// localStorage throws when storage is disabled (some private modes, sandboxed frames); the app must
// still run there, just without remembering anything.

/** The keys the SPA keeps in localStorage. */
export const StorageKeys = {
  authToken: "authToken",
  theme: "theme",
  pwaPrompted: "pwaPrompted",
  /** "true" once the notification setup was finished without push on this device. */
  withoutPush: "notificationsWithoutPush",
  /** A shared bot's invite token kept across sign-in or registration (/invite/:token). */
  pendingInvite: "pendingInvite",
} as const;

export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value lives only for this page load.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
