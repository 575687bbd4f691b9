import * as fs from "node:fs";
import * as path from "node:path";

/**
 * Blueprint's icon paths, one ES module per icon and size, copied as they are into the built SPA
 * under a folder named for the icons package's version, so `web/src/lib/icons.ts` can import each
 * by its URL the first time it is drawn (and the gateway may cache them for a year: a new version
 * is a new folder). Each module is `export default [...paths]` with no imports.
 */
const pkg = path.resolve(import.meta.dirname, "../../node_modules/@blueprintjs/icons");

export const iconsVersion = (): string =>
  (JSON.parse(fs.readFileSync(path.join(pkg, "package.json"), "utf8")) as { version: string }).version;

export function copyIcons(dist: string): number {
  let n = 0;
  for (const px of [16, 20]) {
    const from = path.join(pkg, `lib/esm/generated/${px}px/paths`);
    const to = path.join(dist, "assets/icons", iconsVersion(), String(px));
    fs.mkdirSync(to, { recursive: true });
    for (const f of fs.readdirSync(from)) {
      if (!f.endsWith(".js") || f === "index.js") continue;
      const text = fs.readFileSync(path.join(from, f), "utf8").replace(/\n\/\/# sourceMappingURL=.*$/m, "");
      fs.writeFileSync(path.join(to, f), text);
      n++;
    }
  }
  return n;
}
