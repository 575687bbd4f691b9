import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { blueprintIconNames, ICON_NAMES_ID, iconNamesSource } from "./icon-names.ts";

const blueprint = createRequire(import.meta.url)("@blueprintjs/icons/lib/cjs/iconNames.js") as {
  IconNames: Record<string, string>;
  IconNamesSet: Set<string>;
};

describe("Blueprint's icon names as data", () => {
  it("exports what Blueprint's own module works out at start, both spellings and the set", async () => {
    const data = (await import(
      `data:text/javascript,${encodeURIComponent(iconNamesSource())}`
    )) as typeof blueprint;
    expect(data.IconNames).toEqual(blueprint.IconNames);
    expect(data.IconNames.ArrowRight).toBe("arrow-right");
    expect(data.IconNames.ARROW_RIGHT).toBe("arrow-right");
    expect([...data.IconNamesSet].sort()).toEqual([...blueprint.IconNamesSet].sort());
    expect(data.IconNamesSet.size).toBeGreaterThan(600);
  });

  it("sends each name once, spelt out as the page starts", () => {
    const source = iconNamesSource();
    expect(source.match(/\barrow-right\b/g)).toHaveLength(2); // arrow-right, circle-arrow-right
    expect(source).not.toContain("ArrowRight");
    expect(source).not.toContain("ARROW_RIGHT");
  });

  it("keeps the whole table when a name is spelt otherwise than the short rules would", async () => {
    const table = { SVGIcon: "svg-icon", SVG_ICON: "svg-icon", Add: "add", ADD: "add" };
    const source = iconNamesSource(table);
    const data = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as typeof blueprint;
    expect(source).toContain("SVGIcon");
    expect(data.IconNames).toEqual(table);
    expect([...data.IconNamesSet]).toEqual(["svg-icon", "add"]);
  });

  it("stands in only for Blueprint's icons' own import of it", () => {
    const plugin = blueprintIconNames() as unknown as { resolveId: (s: string, i?: string) => string | null };
    const icons = "/app/node_modules/@blueprintjs/icons/lib/esm/iconLoader.js";
    expect(plugin.resolveId("./iconNames", icons)).toBe(ICON_NAMES_ID);
    expect(plugin.resolveId("./iconNames", "/app/web/src/lib/icons.ts")).toBeNull();
    expect(plugin.resolveId("./iconTypes", icons)).toBeNull();
  });
});
