import { removeSubscription } from "./api.ts";
import { deviceSubscription } from "./push.ts";
import { setSubscribed, setWithoutPush } from "./pushStore.ts";
import { subscriptionForRemoval } from "./subscription.ts";

const LIMIT_MS = 3000;

/**
 * Signing out: this browser stops getting the account's pushes (on a shared computer the next
 * person would see them), while the session can still tell the server. Best effort and brief:
 * the sign-out never waits more than 3 s for it.
 */
export async function forgetThisDevice(): Promise<void> {
  // The next person here sets up their own notifications (or goes without push) again.
  setWithoutPush(false);
  const work = (async () => {
    const subscription = await deviceSubscription();
    if (!subscription) return;
    await removeSubscription(subscriptionForRemoval(subscription.toJSON())).catch(() => undefined);
    await subscription.unsubscribe().catch(() => false);
    setSubscribed(false);
  })().catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LIMIT_MS);
  });
  await Promise.race([work, limit]).finally(() => clearTimeout(timer));
}
