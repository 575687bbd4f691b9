import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { IconNames, IconSize } from "@blueprintjs/icons";
import { describe, expect, it } from "vitest";
import { copyIcons } from "../../scripts/icons.ts";
import { iconUrl } from "./icons.ts";

describe("icons loaded one by one", () => {
  it("has a module for every Blueprint icon in both sizes, each exporting its paths", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-icons-"));
    expect(copyIcons(dist)).toBe(2 * new Set(Object.values(IconNames)).size);
    const [folder] = fs.readdirSync(path.join(dist, "assets/icons"));
    const base = path.join(dist, "assets/icons", folder as string);
    for (const name of Object.values(IconNames))
      for (const size of [IconSize.STANDARD, IconSize.LARGE])
        expect(fs.existsSync(path.join(base, iconUrl(name, size, ""))), `${name} ${size}`).toBe(true);
    const add = (await import(pathToFileURL(path.join(base, iconUrl("add", IconSize.LARGE, ""))).href)) as {
      default: string[];
    };
    expect(add.default[0]).toMatch(/^M\d/);
    fs.rmSync(dist, { recursive: true });
  });
});
