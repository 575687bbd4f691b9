import { useCallback, useState } from "react";
import { askPermission, disablePush, enablePush } from "./push.ts";
import { isBlocked, pushErrorText } from "./pushErrors.ts";
import { refreshPush, setSubscribed } from "./pushStore.ts";

// The two actions behind 'Enable Notifications', 'Grant Permission' and the subscription toggle,
// with what the screens show when one fails: the blocker dialog for a refused or impossible
// permission, else the failure's own text (texts.ts).

export interface PushActions {
  busy: boolean;
  /** The text of the last failure that was not the blocker's; null when none. */
  error: string | null;
  /** The blocker dialog's reason while it is open. */
  blocker: string | null;
  closeBlocker(): void;
  clearError(): void;
  /** Asks for permission only. True when granted. */
  allow(): Promise<boolean>;
  /** Permission if needed, then subscribe and save. True when on. */
  enable(): Promise<boolean>;
  /** Unsubscribe here and on the server. True when off. */
  disable(): Promise<boolean>;
}

export function usePushActions(): PushActions {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [blocker, setBlocker] = useState<string | null>(null);

  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      return true;
    } catch (failure) {
      if (isBlocked(failure)) setBlocker(pushErrorText(failure));
      else setError(pushErrorText(failure));
      return false;
    } finally {
      setBusy(false);
      // The permission may have changed whatever happened (granted, then the subscribe failed).
      void refreshPush();
    }
  }, []);

  const allow = useCallback(() => run(askPermission), [run]);
  const enable = useCallback(
    () =>
      run(async () => {
        await askPermission();
        await enablePush();
        setSubscribed(true);
      }),
    [run],
  );
  const disable = useCallback(
    () =>
      run(async () => {
        await disablePush();
        setSubscribed(false);
      }),
    [run],
  );

  return {
    busy,
    error,
    blocker,
    closeBlocker: useCallback(() => setBlocker(null), []),
    clearError: useCallback(() => setError(null), []),
    allow,
    enable,
    disable,
  };
}
