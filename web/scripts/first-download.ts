import * as fs from "node:fs";
import * as path from "node:path";

/**
 * `/login`'s first download held to its budget at every build, so it cannot creep over unnoticed.
 * The bench's target (`npm run bench -- first-page`) is JavaScript as a browser receives it,
 * which also counts each answer's headers, the first catalogues and the push
 * client's chunk fetched after the page draws. What the build can weigh is the scripts the page
 * names — its module script and the modules it preloads — in the brotli copies the gateway sends;
 * the limit is the target less what the bench counts besides them.
 */
export const FIRST_DOWNLOAD_LIMIT_KB = 142;

/** The scripts a page loads before its code runs: its module scripts and modulepreloads. */
export function firstScripts(html: string): string[] {
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const script = /^<script\b/.test(tag) && /\btype="module"/.test(tag);
    const preload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="(\/[^"]+\.js)"/.exec(tag)?.[1];
    return (script || preload) && url ? [url] : [];
  });
}

/** Weighs the page's first scripts (each one's `.br` copy, else the file) against the limit. */
export function checkFirstDownload(
  dist: string,
  page = "login.html",
  limitKb = FIRST_DOWNLOAD_LIMIT_KB,
): { files: number; kb: number } {
  const urls = firstScripts(fs.readFileSync(path.join(dist, page), "utf8"));
  const bytes = urls.reduce((sum, url) => {
    const file = path.join(dist, url);
    return sum + fs.statSync(fs.existsSync(`${file}.br`) ? `${file}.br` : file).size;
  }, 0);
  const kb = Math.round((bytes / 1024) * 10) / 10;
  if (kb > limitKb)
    throw new Error(
      `/${page.replace(/\.html$/, "")}'s first download is ${kb} KB of brotli, over its ${limitKb} KB (web/scripts/first-download.ts): load what the page does not draw with a dynamic import`,
    );
  return { files: urls.length, kb };
}
