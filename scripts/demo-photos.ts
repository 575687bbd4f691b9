// `npm run demo:photos`: draws the demo listings' pictures into web/public/demo/ — simple
// illustrated rooms (wall, floor, window, sofa, lamp, plant) in a few palettes, so a fresh
// `DEMO=1` start shows pictures instead of 'Image not available'. Deterministic: running it again
// writes the same files (a test compares them).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

interface Palette {
  wall: string;
  floor: string;
  sofa: string;
  accent: string;
  sky: string;
}

export const PALETTES: Palette[] = [
  { wall: "#F3E9DC", floor: "#C8A27A", sofa: "#5B7DB1", accent: "#E8B04B", sky: "#BFE3F5" },
  { wall: "#E4EFE9", floor: "#A67C52", sofa: "#2F6F62", accent: "#F28C6B", sky: "#CDE8F7" },
  { wall: "#F6E3E1", floor: "#B98B64", sofa: "#8C5E8F", accent: "#F2C14E", sky: "#D6EEF8" },
  { wall: "#E8E6F4", floor: "#9C7A5B", sofa: "#C0594B", accent: "#7FB069", sky: "#C4E2F2" },
  { wall: "#FFF4D9", floor: "#B07D55", sofa: "#3E7CB1", accent: "#E86A92", sky: "#BEE0F4" },
  { wall: "#E2ECF3", floor: "#C09A6B", sofa: "#D08C3F", accent: "#4F9D8D", sky: "#D2ECF9" },
];

/** One room, 640×480; `i` moves the window and the furniture a little so no two look alike. */
export function roomSvg(p: Palette, i: number): string {
  const wx = 60 + (i % 3) * 150;
  const sx = i % 2 ? 330 : 90;
  const lx = i % 2 ? (wx < 200 ? 280 : 150) : 560; // never in front of the window
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480" role="img" aria-label="Illustration of a room">
  <rect width="640" height="480" fill="${p.wall}"/>
  <rect y="340" width="640" height="140" fill="${p.floor}"/>
  <rect y="334" width="640" height="8" fill="#00000018"/>
  <rect x="${wx}" y="60" width="180" height="170" rx="6" fill="#FFFFFF"/>
  <rect x="${wx + 10}" y="70" width="160" height="150" fill="${p.sky}"/>
  <circle cx="${wx + 130}" cy="110" r="18" fill="#FFE08A"/>
  <rect x="${wx + 88}" y="70" width="4" height="150" fill="#FFFFFF"/>
  <rect x="${wx + 10}" y="143" width="160" height="4" fill="#FFFFFF"/>
  <rect x="${sx}" y="270" width="220" height="80" rx="18" fill="${p.sofa}"/>
  <rect x="${sx + 10}" y="240" width="200" height="50" rx="16" fill="${p.sofa}" opacity="0.85"/>
  <rect x="${sx - 12}" y="260" width="30" height="90" rx="12" fill="${p.sofa}"/>
  <rect x="${sx + 202}" y="260" width="30" height="90" rx="12" fill="${p.sofa}"/>
  <rect x="${sx + 40}" y="255" width="50" height="30" rx="8" fill="${p.accent}"/>
  <rect x="${lx - 2}" y="190" width="4" height="150" fill="#555555"/>
  <path d="M${lx - 30} 190 L${lx + 30} 190 L${lx + 18} 150 L${lx - 18} 150 Z" fill="${p.accent}"/>
  <rect x="${lx - 18}" y="336" width="36" height="6" rx="3" fill="#555555"/>
  <rect x="${600 - (i % 2) * 540}" y="300" width="34" height="42" rx="4" fill="#8A5A3B"/>
  <ellipse cx="${617 - (i % 2) * 540}" cy="280" rx="26" ry="34" fill="#5E9E5A"/>
  <rect x="200" y="380" width="240" height="60" rx="30" fill="#FFFFFF" opacity="0.25"/>
</svg>
`;
}

export const photoPath = (n: number) => `/demo/flat-${n}.svg`;

if (import.meta.main) {
  const out = join(dirname(fileURLToPath(import.meta.url)), "..", "web", "public", "demo");
  mkdirSync(out, { recursive: true });
  PALETTES.forEach((p, i) => {
    writeFileSync(join(out, `flat-${i + 1}.svg`), roomSvg(p, i));
  });
  console.log(`wrote ${PALETTES.length} pictures to ${out}`);
}
