import * as fs from "node:fs";
import * as path from "node:path";

/**
 * DATA_DIR holds every password hash, the signing secrets and keys: only this user may enter it.
 * Explicit modes rather than process.umask: the umask is process-wide (it would change files
 * every other part of the process writes, and is unavailable in worker threads), and PGlite's
 * first start ignores it anyway (it writes its data files 0666 whatever the umask).
 */

const LOOSE = 0o077;

/** Makes `dir` (and missing parents) 0700, and tightens an existing one this user owns. */
export function privateDir(dir: string): string {
  const abs = path.resolve(dir);
  fs.mkdirSync(abs, { recursive: true, mode: 0o700 });
  const st = fs.statSync(abs);
  // A sticky directory (/tmp) is a shared one, never a data directory: chmod-ing it would break
  // every other user of it (and running as root, it would succeed).
  if (st.mode & LOOSE && ours(st) && !(st.mode & 0o1000)) fs.chmodSync(abs, 0o700);
  return abs;
}

/** Drops group and other permissions from everything under `dir` (symlinks are not followed). */
export function tightenTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    const st = fs.lstatSync(p);
    if (st.mode & LOOSE && ours(st)) fs.chmodSync(p, st.mode & 0o700);
    if (entry.isDirectory()) tightenTree(p);
  }
}

// Another user's file (a volume prepared by an operator) is left alone: chmod would fail anyway.
function ours(st: fs.Stats): boolean {
  const uid = process.getuid?.();
  return uid !== undefined && st.uid === uid;
}
