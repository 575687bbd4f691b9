import * as fs from "node:fs";
import * as path from "node:path";
import * as zlib from "node:zlib";

/**
 * Writes a `.br` and a `.gz` beside every text file of the built SPA worth compressing, once at
 * build time at the highest levels (too slow per request), so the gateway sends each browser the
 * smallest copy it accepts without spending CPU on every answer. Source maps are left alone: they
 * are fetched only by developer tools, which do not need them small.
 */
const TEXT = /\.(js|css|html|svg|json|geojson|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

export function compressDir(dir: string): { files: number; before: number; brotli: number } {
  const out = { files: 0, before: 0, brotli: 0 };
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      const sub = compressDir(p);
      out.files += sub.files;
      out.before += sub.before;
      out.brotli += sub.brotli;
      continue;
    }
    if (!TEXT.test(e.name)) continue;
    const raw = fs.readFileSync(p);
    if (raw.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    fs.writeFileSync(`${p}.br`, br);
    fs.writeFileSync(`${p}.gz`, zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION }));
    out.files++;
    out.before += raw.length;
    out.brotli += br.length;
  }
  return out;
}
