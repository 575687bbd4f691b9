import * as bottts from "@dicebear/bottts";
import { createAvatar } from "@dicebear/core";

// DiceBear's Bottts style seeded by the bot's id, so a bot keeps its face everywhere and two bots
// rarely share one. Its own module: ~70 KB of drawing code, fetched when a picture is first shown.

const BACKGROUNDS = ["b6e3f4", "c0aede", "d1d4f9", "ffd5dc", "ffdfbf", "c7f0e1"];

export function robotUri(seed: string): string {
  return createAvatar(bottts, { seed, backgroundColor: BACKGROUNDS, radius: 50 }).toDataUri();
}
