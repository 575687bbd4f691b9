import type { PushSupport } from "./platform.ts";

// The setup guide's rules: 0 install as an app, 1 grant permission, 2 enable
// the push subscription, 3 complete. Next is enabled only when the step is satisfied.
//
// Step 0 on a browser that can push from a tab (desktop, Android): installing is worth it but not
// needed, and desktop browsers often offer no install at all, so 'Skip' is offered beside Next —
// Next itself keeps the rule and waits for an install. On iOS push exists only for the home-screen
// app, so there is no Skip: the step is satisfied once the guide runs as that app.
//
// Push is never the price of reading one's notifications: every step also offers a way on without
// what it asks for ('Continue without push', canContinueWithout), which finishes the guide on this
// device (`withoutPush`, remembered like the browser remembers a permission) so the list shows;
// 'Reset Setup' forgets it and the guide is back.

export type SetupStep = 0 | 1 | 2 | 3;

/** The steps' names: keys of the catalogue's setup.steps. */
export const STEP_LABELS = ["install", "allow", "push", "done"] as const;

export type Permission = NotificationPermission | "unsupported";

export interface SetupFacts {
  support: PushSupport;
  /** Running as the installed app, or installed during this visit (appinstalled). */
  installed: boolean;
  permission: Permission;
  /** This device holds a push subscription the server has. */
  subscribed: boolean;
  /** The person finished the guide on this device without push ('Continue without push'). */
  withoutPush: boolean;
}

export function stepSatisfied(step: SetupStep, f: SetupFacts): boolean {
  switch (step) {
    case 0:
      return f.installed;
    case 1:
      return f.permission === "granted";
    case 2:
      return f.subscribed;
    case 3:
      return true;
  }
}

/** 'Skip' on step 0: only where push works without the install. */
export const canSkipInstall = (f: SetupFacts) => f.support.level === "full" && !f.installed;

/** Whether the guide applies here at all: where push cannot work it is replaced by the warning. */
export const setupApplies = (f: SetupFacts) => f.support.level !== "none";

/** Push is on here: the install where it is needed, the permission and a subscription. */
export function pushComplete(f: SetupFacts): boolean {
  if (!setupApplies(f)) return false;
  const installOk = f.installed || f.support.level === "full";
  return installOk && f.permission === "granted" && f.subscribed;
}

/** The guide is done: push is on, or the person went on without it. */
export const isSetupComplete = (f: SetupFacts): boolean =>
  setupApplies(f) && (pushComplete(f) || f.withoutPush);

/**
 * 'Continue without push': on every step, ending the guide without push, except the install step
 * of a browser that pushes from a tab, where Skip already goes on (to the permission).
 */
export const canContinueWithout = (step: SetupStep, f: SetupFacts): boolean =>
  step !== 3 && !(step === 0 && canSkipInstall(f)) && setupApplies(f);

/** A visit starts collapsed when all is done, else at the beginning. */
export const initialStep = (f: SetupFacts): SetupStep => (isSetupComplete(f) ? 3 : 0);

/** Next from a step: one on when satisfied, else stay. */
export function nextStep(step: SetupStep, f: SetupFacts): SetupStep {
  if (step === 3 || !stepSatisfied(step, f)) return step;
  return (step + 1) as SetupStep;
}

/**
 * The list shows only when setup is complete; where push cannot work at all there is no
 * setup to complete, and the person still gets their list (with the warning) rather than nothing.
 */
export const listShown = (f: SetupFacts, step: SetupStep) =>
  !setupApplies(f) || (step === 3 && isSetupComplete(f));

/**
 * The popover's 'Enable Notifications' prompt: wherever push could work and is not on yet, unless
 * the person chose to go on without it here (Reset Setup on /notifications asks again).
 */
export const promptsEnable = (f: SetupFacts) => setupApplies(f) && !isSetupComplete(f);
