import * as path from "node:path";
import { compressDir } from "./compress.ts";
import { copyIcons } from "./icons.ts";

// After `vite build`: Blueprint's icons as one module each, then the precompressed copies.
const dist = path.resolve(import.meta.dirname, "../dist");
const icons = copyIcons(dist);
const r = compressDir(dist);
const kb = (n: number) => `${Math.round(n / 1024)} KB`;
console.log(`${icons} icon modules; compressed ${r.files} files: ${kb(r.before)} → ${kb(r.brotli)} brotli`);
