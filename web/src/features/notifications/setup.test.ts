import { describe, expect, it } from "vitest";
import {
  canContinueWithout,
  canSkipInstall,
  initialStep,
  isSetupComplete,
  listShown,
  nextStep,
  promptsEnable,
  pushComplete,
  type SetupFacts,
  stepSatisfied,
} from "./setup.ts";
import { PushErrors } from "./texts.ts";

const desktop = (over: Partial<SetupFacts> = {}): SetupFacts => ({
  support: { level: "full" },
  installed: false,
  permission: "default",
  subscribed: false,
  withoutPush: false,
  ...over,
});
const iosTab = (over: Partial<SetupFacts> = {}): SetupFacts =>
  desktop({ support: { level: "needs-install" }, ...over });
const unsupported = desktop({
  support: { level: "none", reason: PushErrors.unsupported },
  permission: "unsupported",
});

describe("setup steps", () => {
  it("holds Next on each step until it is satisfied", () => {
    const f = desktop();
    expect(stepSatisfied(0, f)).toBe(false);
    expect(nextStep(0, f)).toBe(0);
    expect(nextStep(0, desktop({ installed: true }))).toBe(1);
    expect(nextStep(1, f)).toBe(1);
    expect(nextStep(1, desktop({ permission: "denied" }))).toBe(1);
    expect(nextStep(1, desktop({ permission: "granted" }))).toBe(2);
    expect(nextStep(2, desktop({ permission: "granted" }))).toBe(2);
    expect(nextStep(2, desktop({ permission: "granted", subscribed: true }))).toBe(3);
    expect(nextStep(3, f)).toBe(3);
  });

  it("offers Skip for the install only where push works from a tab", () => {
    expect(canSkipInstall(desktop())).toBe(true);
    expect(canSkipInstall(desktop({ installed: true }))).toBe(false);
    expect(canSkipInstall(iosTab())).toBe(false);
    expect(canSkipInstall(unsupported)).toBe(false);
  });

  it("is complete with permission and a subscription (and on iOS, the installed app)", () => {
    expect(isSetupComplete(desktop({ permission: "granted", subscribed: true }))).toBe(true);
    expect(isSetupComplete(desktop({ permission: "granted" }))).toBe(false);
    expect(isSetupComplete(desktop({ permission: "default", subscribed: true }))).toBe(false);
    expect(isSetupComplete(iosTab({ permission: "granted", subscribed: true }))).toBe(false);
    expect(isSetupComplete(iosTab({ installed: true, permission: "granted", subscribed: true }))).toBe(true);
    expect(isSetupComplete(unsupported)).toBe(false);
  });

  it("starts collapsed when complete, else at the first step", () => {
    expect(initialStep(desktop({ permission: "granted", subscribed: true }))).toBe(3);
    expect(initialStep(desktop({ permission: "granted" }))).toBe(0);
  });

  it("shows the list only once setup is complete, or where there is no setup to do", () => {
    const done = desktop({ permission: "granted", subscribed: true });
    expect(listShown(done, 3)).toBe(true);
    expect(listShown(done, 0)).toBe(false); // Reset Setup hides it again
    expect(listShown(desktop(), 3)).toBe(false);
    expect(listShown(unsupported, 0)).toBe(true);
  });

  it("prompts 'Enable Notifications' wherever push could work and is not on", () => {
    expect(promptsEnable(desktop())).toBe(true);
    expect(promptsEnable(iosTab())).toBe(true);
    expect(promptsEnable(desktop({ permission: "granted", subscribed: true }))).toBe(false);
    expect(promptsEnable(unsupported)).toBe(false);
  });
});

describe("going on without push", () => {
  it("every step offers a way on without what it asks for", () => {
    // The install: Skip where push works from a tab, else 'Continue without push' (an iPhone's
    // Safari tab pushes only as the home-screen app).
    expect(canSkipInstall(desktop()) || canContinueWithout(0, desktop())).toBe(true);
    expect(canContinueWithout(0, desktop())).toBe(false);
    expect(canContinueWithout(0, iosTab())).toBe(true);
    // The permission, refused or not asked, and the subscription.
    for (const permission of ["default", "denied", "granted"] as const) {
      expect(canContinueWithout(1, desktop({ permission }))).toBe(true);
      expect(canContinueWithout(1, iosTab({ installed: true, permission }))).toBe(true);
    }
    expect(canContinueWithout(2, desktop({ permission: "granted" }))).toBe(true);
    expect(canContinueWithout(3, desktop())).toBe(false);
    expect(canContinueWithout(1, unsupported)).toBe(false); // no guide there at all
  });

  it("finishing that way completes setup, so the list shows, and push is not called on", () => {
    const declined = desktop({ permission: "denied", withoutPush: true });
    expect(isSetupComplete(declined)).toBe(true);
    expect(pushComplete(declined)).toBe(false);
    expect(initialStep(declined)).toBe(3);
    expect(listShown(declined, 3)).toBe(true);
    expect(isSetupComplete(iosTab({ withoutPush: true }))).toBe(true);
  });

  it("Reset Setup forgets it: the guide is back and the list hidden until it is finished again", () => {
    const reset = desktop({ permission: "denied", withoutPush: false });
    expect(isSetupComplete(reset)).toBe(false);
    expect(initialStep(reset)).toBe(0);
    expect(listShown(reset, 0)).toBe(false);
    expect(listShown(desktop({ withoutPush: true }), 0)).toBe(false); // the guide shown again
  });

  it("the bell stops asking to enable push once the person chose to go on without it", () => {
    expect(promptsEnable(desktop({ withoutPush: true }))).toBe(false);
    expect(promptsEnable(desktop({ withoutPush: false }))).toBe(true);
  });
});
