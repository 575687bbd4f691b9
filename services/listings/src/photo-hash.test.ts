import { describe, expect, it } from "vitest";
import { flatPhoto, reposted } from "../test/photos.ts";
import { hammingDistance, photoHash } from "./photo-hash.ts";
import { PHOTO_MATCH_BITS } from "./photos.repo.ts";

/**
 * The threshold of a photo duplicate, justified: the same photo as another site re-publishes it
 * (smaller and more compressed, as PNG, brighter, a small WebP) stays within PHOTO_MATCH_BITS of
 * its original, and photos of different rooms shot alike (same palette, same kind of furniture,
 * only the layout differs) all stay beyond it.
 */
describe("the perceptual hash of a flat's first photo", () => {
  const FLATS = 30;
  let originals: Buffer[] = [];
  let hashes: bigint[] = [];

  it("hashes a photo in a few milliseconds, the same bytes always alike", async () => {
    originals = await Promise.all(Array.from({ length: FLATS }, (_, i) => flatPhoto(1000 + i)));
    const started = performance.now();
    hashes = [];
    for (const o of originals) hashes.push(await photoHash(o));
    const perPhoto = (performance.now() - started) / FLATS;
    console.info(`pHash of an 800×600 JPEG: ${perPhoto.toFixed(1)} ms`);
    expect(await photoHash(originals[0] as Buffer)).toBe(hashes[0]);
    expect(perPhoto).toBeLessThan(200);
  });

  it("finds the same photo re-published, never two different rooms", async () => {
    const same: Record<string, number[]> = {};
    for (const [name, copy] of Object.entries(reposted)) {
      same[name] = [];
      for (const [i, o] of originals.entries())
        same[name].push(hammingDistance(hashes[i] as bigint, await photoHash(await copy(o))));
    }
    const apart: number[] = [];
    for (let i = 0; i < FLATS; i++)
      for (let j = i + 1; j < FLATS; j++)
        apart.push(hammingDistance(hashes[i] as bigint, hashes[j] as bigint));
    const worstCopy = Math.max(...Object.values(same).flat());
    const closestOther = Math.min(...apart);
    console.info(
      `bits apart — copies: ${Object.entries(same)
        .map(([n, d]) => `${n} ≤ ${Math.max(...d)}`)
        .join(
          ", ",
        )}; different rooms: ≥ ${closestOther}, median ${apart.sort((a, b) => a - b)[apart.length >> 1]}`,
    );
    expect(worstCopy).toBeLessThanOrEqual(PHOTO_MATCH_BITS);
    expect(closestOther).toBeGreaterThan(PHOTO_MATCH_BITS);
  });

  it("refuses what is not an image", async () => {
    await expect(photoHash(new TextEncoder().encode("<html>not found</html>"))).rejects.toThrow();
  });
});
