import { describe, expect, it } from "vitest";
import { robotUri } from "./robotUri.ts";

// An active bot was once drawn with crossed-out eyes. Awake, no seed draws them; asleep,
// every seed does, and the rest of the face stays the bot's own.

const CROSSED = "m25 27.2 5.5 5.5";
const svg = (uri: string) => decodeURIComponent(uri.slice(uri.indexOf(",") + 1));
const seeds = Array.from({ length: 200 }, (_, i) => `bot-${i}-${(i * 7919).toString(36)}`);

describe("robotUri", () => {
  it("draws an awake bot with open eyes, whatever its seed", () => {
    for (const seed of seeds) expect(svg(robotUri(seed, true))).not.toContain(CROSSED);
  });

  it("draws a paused bot with crossed-out eyes", () => {
    for (const seed of seeds.slice(0, 20)) expect(svg(robotUri(seed, false))).toContain(CROSSED);
  });

  it("keeps a bot's face between the two but for the eyes", () => {
    const awake = svg(robotUri("same-bot", true));
    const asleep = svg(robotUri("same-bot", false));
    expect(awake).not.toBe(asleep);
    // The background colour is drawn first from the seed: the same in both.
    const fill = (s: string) => s.match(/fill="#([0-9a-f]{6})"/i)?.[1];
    expect(fill(awake)).toBe(fill(asleep));
  });
});
