import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkFirstDownload, firstScripts } from "./first-download.ts";

const page = `<html><head>
<script>/* the inline start script */</script>
<script type="module" crossorigin src="/assets/index-A.js"></script>
<link rel="modulepreload" crossorigin href="/assets/i18n-B.js">
<link rel="stylesheet" crossorigin href="/assets/index-C.css">
<link rel="prefetch" href="/assets/later-D.js">
</head><body><div id="root"></div></body></html>`;

let dist = "";
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

/** A build with the page and its files, each `.br` copy `kb` long. */
function build(files: Record<string, number>): string {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "first-download-"));
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(path.join(dist, "login.html"), page);
  for (const [name, kb] of Object.entries(files)) {
    fs.writeFileSync(path.join(dist, "assets", name), "x".repeat(4096));
    fs.writeFileSync(path.join(dist, "assets", `${name}.br`), "x".repeat(kb * 1024));
  }
  return dist;
}

describe("/login's first download", () => {
  it("is the page's module script and modulepreloads, not its styles or later prefetches", () => {
    expect(firstScripts(page)).toEqual(["/assets/index-A.js", "/assets/i18n-B.js"]);
  });

  it("weighs their brotli copies, within the limit", () => {
    const dir = build({ "index-A.js": 90, "i18n-B.js": 20, "later-D.js": 500 });
    expect(checkFirstDownload(dir, "login.html", 142)).toEqual({ files: 2, kb: 110 });
  });

  it("fails the build once they pass it, saying by how much", () => {
    const dir = build({ "index-A.js": 130, "i18n-B.js": 20 });
    expect(() => checkFirstDownload(dir, "login.html", 142)).toThrow(
      "/login's first download is 150 KB of brotli, over its 142 KB",
    );
  });
});
