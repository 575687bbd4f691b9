// Writes the 25 avatar presets to web/public/avatars/1.svg … 25.svg.
// They are generated once, here, rather than in the browser: the SPA then ships 25 small static
// files instead of the avatar library, and the gateway's CSP needs no data: or blob: images.
// The files are committed; run again only to change the style: `npx node web/scripts/avatars.ts`.
// Seeds are fixed so a rerun reproduces the same faces; a user's avatar is the string "1".."25".
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as adventurer from "@dicebear/adventurer";
import { createAvatar } from "@dicebear/core";

const AVATAR_COUNT = 25;

// Soft backgrounds that read well on both the light and the dark theme.
const BACKGROUNDS = ["b6e3f4", "c0aede", "d1d4f9", "ffd5dc", "ffdfbf"];

const outDir = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "avatars");
mkdirSync(outDir, { recursive: true });

for (let n = 1; n <= AVATAR_COUNT; n++) {
  const svg = createAvatar(adventurer, {
    seed: `dirabot-avatar-${n}`,
    backgroundColor: [BACKGROUNDS[(n - 1) % BACKGROUNDS.length] ?? "b6e3f4"],
    radius: 50,
  }).toString();
  // A title names the picture for screen readers (and satisfies Biome's SVG accessibility rule).
  const titled = svg.replace(/^<svg[^>]*>/, (open) => `${open}<title>Avatar ${n}</title>`);
  writeFileSync(join(outDir, `${n}.svg`), `${titled}\n`);
}
console.log(`wrote ${AVATAR_COUNT} avatars to ${outDir}`);
