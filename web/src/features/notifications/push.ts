import { ApiError } from "../../lib/api.ts";
import { getVapidPublicKey, removeSubscription, saveSubscription, subscriptionStatus } from "./api.ts";
import { browserFacts, iosVersion, pushSupport } from "./platform.ts";
import { deniedText } from "./pushErrors.ts";
import {
  type SubscriptionJson,
  sameKey,
  subscriptionForRemoval,
  subscriptionFromPushManager,
  vapidKeyBytes,
} from "./subscription.ts";
import { PushError, PushErrors } from "./texts.ts";

// The browser's half of web push, in this order: check support, ask permission, register the service
// worker, subscribe, save the subscription on the server (each wait with its timeout). Every failure
// is a PushError with its text (texts.ts) or the browser's own exception, which pushErrors.ts names.

export const WORKER_URL = "/service-worker.js";
/** Waiting for an already registered worker; waiting after registering it; iOS's pause. */
export const READY_TIMEOUT_MS = 10_000;
export const REGISTERING_READY_TIMEOUT_MS = 15_000;
export const IOS_PAUSE_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, ms: number, text: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushError(text)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : String(error ?? "unknown error");

const onIos = () => iosVersion(browserFacts()) !== null;

/**
 * Registers /service-worker.js for the whole site and waits until it is active. iOS Safari loses a
 * registration made while the page is still settling, hence its pause first.
 */
export async function registerWorker(): Promise<ServiceWorkerRegistration> {
  if (!("serviceWorker" in navigator)) throw new PushError(PushErrors.unsupported);
  if (onIos()) await sleep(IOS_PAUSE_MS);
  try {
    await navigator.serviceWorker.register(WORKER_URL, { scope: "/" });
  } catch (error) {
    throw new PushError(PushErrors.workerFailed(messageOf(error)));
  }
  return withTimeout(navigator.serviceWorker.ready, REGISTERING_READY_TIMEOUT_MS, PushErrors.workerTimeout);
}

/** The active registration: the existing one (10 s to become ready), else a new one. */
export async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  if (!("serviceWorker" in navigator)) throw new PushError(PushErrors.unsupported);
  const existing = await navigator.serviceWorker.getRegistration("/");
  if (!existing) return registerWorker();
  return withTimeout(navigator.serviceWorker.ready, READY_TIMEOUT_MS, PushErrors.workerTimeout);
}

export function currentPermission(): NotificationPermission | "unsupported" {
  return "Notification" in window ? Notification.permission : "unsupported";
}

/**
 * Asks for notification permission. A refusal — already denied, denied now, the prompt dismissed,
 * or the request failing — is the 'denied' text (Safari's on iOS): the blocker's case.
 */
export async function askPermission(): Promise<void> {
  if (!("Notification" in window)) throw new PushError(PushErrors.unsupported);
  const refused = new PushError(deniedText(onIos()));
  if (Notification.permission === "granted") return;
  if (Notification.permission === "denied") throw refused;
  let answer: NotificationPermission;
  try {
    answer = await Notification.requestPermission();
  } catch {
    throw refused;
  }
  if (answer !== "granted") throw refused;
}

/**
 * Subscribes this browser and saves the subscription on the server. A subscription made with
 * another server key (the keys were replaced) is dropped first, as the push service would refuse
 * it.
 */
export async function enablePush(): Promise<SubscriptionJson> {
  const support = pushSupport(browserFacts());
  if (support.level === "none") throw new PushError(support.reason);
  if (support.level === "needs-install") throw new PushError(PushErrors.unsupported);
  if (Notification.permission !== "granted") throw new PushError(PushErrors.permissionRequired);
  const registration = await activeRegistration();
  const key = vapidKeyBytes(await getVapidPublicKey());
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe().catch(() => false);
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const json = subscriptionFromPushManager(subscription.toJSON());
  await saveSubscription(json);
  return json;
}

/** Tells the server to forget this browser, then drops the browser's subscription. */
export async function disablePush(): Promise<void> {
  const subscription = await deviceSubscription();
  if (!subscription) return;
  await removeSubscription(subscriptionForRemoval(subscription.toJSON()));
  await subscription.unsubscribe().catch(() => false);
}

/** This browser's subscription, without registering anything. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return null;
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Whether the server has this endpoint for the signed-in person: another account may have
 * subscribed this browser before. A gateway without the check (404) is taken at the browser's
 * word.
 */
export async function serverHas(endpoint: string): Promise<boolean> {
  try {
    const answer = await subscriptionStatus(endpoint);
    return answer?.subscribed === true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 405)) return true;
    throw error;
  }
}
