import { seeded } from "@dirabot/platform/testing";
import sharp from "sharp";

/**
 * Photos of flats for tests, drawn from a seed: a room in the palette flats are shot in (light
 * walls, a wooden floor, a bright window, a sofa and a table, a lamp), laid out differently for
 * each seed, with sensor noise and soft shading. Two seeds are two different rooms that still
 * look alike, the hard case for a perceptual hash; the same seed is the same photo.
 */
export async function flatPhoto(seed: number, width = 800, height = 600): Promise<Buffer> {
  const rnd = seeded(seed);
  const px = Buffer.alloc(width * height * 3);
  const wall = [225 + rnd() * 25, 215 + rnd() * 30, 200 + rnd() * 35];
  const floor = [120 + rnd() * 60, 80 + rnd() * 40, 40 + rnd() * 30];
  const horizon = Math.floor(height * (0.55 + rnd() * 0.2));
  type Box = { x0: number; y0: number; x1: number; y1: number; c: number[] };
  const box = (w: number, h: number, y: number, c: number[]): Box => {
    const x0 = Math.floor(rnd() * (width - w));
    return { x0, y0: y, x1: x0 + w, y1: y + h, c };
  };
  const boxes: Box[] = [
    box(
      width * (0.2 + rnd() * 0.2),
      height * (0.3 + rnd() * 0.15),
      height * (0.1 + rnd() * 0.1),
      [250, 250, 245],
    ),
    box(width * (0.3 + rnd() * 0.15), height * 0.18, horizon - height * 0.12, [
      60 + rnd() * 120,
      60 + rnd() * 80,
      70 + rnd() * 90,
    ]),
    box(width * 0.15, height * 0.08, horizon + height * 0.05, [90 + rnd() * 60, 60 + rnd() * 40, 30]),
    box(width * 0.03, height * 0.35, horizon - height * 0.35, [40, 40, 40]),
  ].map((b) => ({
    ...b,
    x0: Math.floor(b.x0),
    y0: Math.floor(b.y0),
    x1: Math.floor(b.x1),
    y1: Math.floor(b.y1),
  }));
  const light = rnd() * width;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let c = y < horizon ? wall : floor;
      for (const b of boxes) if (x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1) c = b.c;
      const shade = 1 - Math.abs(x - light) / (width * 2.5);
      const i = (y * width + x) * 3;
      for (let k = 0; k < 3; k++)
        px[i + k] = Math.max(0, Math.min(255, (c[k] ?? 0) * shade + (rnd() - 0.5) * 24));
    }
  return sharp(px, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** What another site does to a photo it re-publishes: smaller, more compressed, maybe PNG. */
export const reposted = {
  smallerJpeg: (b: Buffer) => sharp(b).resize(480).jpeg({ quality: 55 }).toBuffer(),
  png: (b: Buffer) => sharp(b).resize(640).png().toBuffer(),
  brighter: (b: Buffer) => sharp(b).modulate({ brightness: 1.08 }).jpeg({ quality: 75 }).toBuffer(),
  webpThumb: (b: Buffer) => sharp(b).resize(320).webp({ quality: 50 }).toBuffer(),
};
