// sharp (libvips) is loaded with the first photo, not at start: a product without photos to hash
// never keeps it in memory.
type Sharp = typeof import("sharp");
let sharpModule: Promise<Sharp> | undefined;
const loadSharp = () => (sharpModule ??= import("sharp").then((m) => m.default));

/** Photos larger than this many pixels are not decoded (a decompression bomb stays a failure). */
const MAX_PIXELS = 40_000_000;
const SIDE = 32;
/** cos((π / 32) · (n + ½) · k), the DCT's basis, for the 8 lowest frequencies k. */
const BASIS = Array.from({ length: 8 }, (_, k) =>
  Float64Array.from({ length: SIDE }, (_, n) => Math.cos((Math.PI / SIDE) * (n + 0.5) * k)),
);

/**
 * The perceptual hash (pHash) of a photo: the image in grey, shrunk to 32×32, its 8×8 lowest
 * frequencies of a discrete cosine transform, one bit per frequency: is it above the median of
 * the 63 that are not the average brightness? The coarse shape of the picture survives what a flat's
 * photo goes through from one site to another — re-encoding, resizing, another format, a
 * brightness change — while two different rooms differ in a third or more of the 64 bits (the
 * difference hash, a 9×8 grey thumbnail, was measured too and let alike rooms come closer than
 * a re-encoded copy of one). Returned as a signed 64-bit integer, what PostgreSQL's bigint stores.
 */
export async function photoHash(bytes: Uint8Array): Promise<bigint> {
  const sharp = await loadSharp();
  const px = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
    .rotate() // EXIF orientation: a phone's upright photo and its re-encoded copy hash alike
    .greyscale()
    .resize(SIDE, SIDE, { fit: "fill" })
    .raw()
    .toBuffer();
  const rows = BASIS.map((cu) => {
    // Separable: first along the columns (y), then along the rows (x).
    const col = new Float64Array(SIDE);
    for (let x = 0; x < SIDE; x++) {
      let s = 0;
      for (let y = 0; y < SIDE; y++) s += (px[y * SIDE + x] ?? 0) * (cu[y] ?? 0);
      col[x] = s;
    }
    return col;
  });
  const coef: number[] = [];
  for (const col of rows)
    for (const cv of BASIS) {
      let s = 0;
      for (let x = 0; x < SIDE; x++) s += (col[x] ?? 0) * (cv[x] ?? 0);
      coef.push(s);
    }
  const median = coef.slice(1).sort((a, b) => a - b)[31] ?? 0;
  let hash = 0n;
  for (const c of coef) hash = (hash << 1n) | (c > median ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

/** How many of the 64 bits two hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}
