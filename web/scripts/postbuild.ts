import * as path from "node:path";
import { compressDir } from "./compress.ts";
import { checkFirstDownload } from "./first-download.ts";
import { copyIcons } from "./icons.ts";
import { prerenderPages } from "./prerender.ts";

// After `vite build`: the pages written ahead, Blueprint's icons as one module each, the
// precompressed copies, then /login's first download weighed against its budget.
const dist = path.resolve(import.meta.dirname, "../dist");
const pages = await prerenderPages(dist);
const icons = copyIcons(dist);
const r = compressDir(dist);
const login = checkFirstDownload(dist);
const kb = (n: number) => `${Math.round(n / 1024)} KB`;
console.log(
  `${pages.length} pages written ahead; ${icons} icon modules; compressed ${r.files} files: ${kb(r.before)} → ${kb(r.brotli)} brotli; /login's first download ${login.kb} KB in ${login.files} scripts`,
);
