import * as bottts from "@dicebear/bottts";
import { createAvatar } from "@dicebear/core";

// DiceBear's Bottts style seeded by the bot's id, so a bot keeps its face everywhere and two bots
// rarely share one. Its own module: heavy drawing code, fetched when a picture is first shown.

const BACKGROUNDS = ["b6e3f4", "c0aede", "d1d4f9", "ffd5dc", "ffdfbf", "c7f0e1"];

/**
 * Open, lit eyes for a bot that is on: never the crossed-out ones ("dizzy"), closed arcs
 * ("happy"), a visor or shades.
 * The seed picks from whichever list is given in the same draw, so only the eyes change.
 */
const AWAKE_EYES: bottts.Options["eyes"] = [
  "bulging",
  "eva",
  "frame1",
  "frame2",
  "glow",
  "hearts",
  "round",
  "roundFrame01",
  "roundFrame02",
  "sensor",
];
/** A paused bot's: crossed out, the "switched off" look (the picture is greyed as well). */
const ASLEEP_EYES: bottts.Options["eyes"] = ["dizzy"];

export function robotUri(seed: string, awake = true): string {
  return createAvatar(bottts, {
    seed,
    backgroundColor: BACKGROUNDS,
    radius: 50,
    eyes: awake ? AWAKE_EYES : ASLEEP_EYES,
  }).toDataUri();
}
