import { describe, expect, it } from "vitest";
import {
  canSkipInstall,
  initialStep,
  isSetupComplete,
  listShown,
  nextStep,
  promptsEnable,
  type SetupFacts,
  stepSatisfied,
} from "./setup.ts";
import { PushErrors } from "./texts.ts";

const desktop = (over: Partial<SetupFacts> = {}): SetupFacts => ({
  support: { level: "full" },
  installed: false,
  permission: "default",
  subscribed: false,
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
