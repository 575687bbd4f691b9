// The 25 avatar presets. The pictures are static files made
// at build time by web/scripts/avatars.ts; a user's avatar is the preset's number as a string.

export const AVATARS: readonly string[] = Array.from({ length: 25 }, (_, i) => String(i + 1));

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (h * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return h;
}

/**
 * The picture of an avatar value. An unknown or empty value falls back to a preset picked by hashing
 * `seed` (e.g. a user id), so the same person always gets the same face.
 */
export function avatarUrl(avatar: string | null | undefined, seed = ""): string {
  const preset = avatar && AVATARS.includes(avatar) ? avatar : AVATARS[hash(seed) % AVATARS.length];
  return `/avatars/${preset}.svg`;
}
