import { describe, expect, it } from "vitest";
import { COMPILE_HINT, compileHints } from "./compile-hints.ts";

const chunk = (fileName: string, imports: string[], isEntry = false) => ({
  type: "chunk" as const,
  fileName,
  facadeModuleId: null,
  isEntry,
  imports,
  code: `console.log(${JSON.stringify(fileName)});\n`,
  map: null,
});

describe("the first download compiled as it arrives", () => {
  it("marks the entry and its static imports, not chunks loaded later, and moves their maps a line", () => {
    const output: Record<string, unknown> = {
      "assets/index.js": chunk("assets/index.js", ["assets/react.js"], true),
      "assets/react.js": chunk("assets/react.js", []),
      "assets/Bots.js": chunk("assets/Bots.js", ["assets/react.js"]),
      "assets/index.js.map": {
        type: "asset",
        fileName: "assets/index.js.map",
        source: '{"mappings":"AAAA"}',
      },
    };
    const plugin = compileHints() as unknown as {
      generateBundle: { order: string; handler: (o: unknown, b: unknown) => void };
    };
    expect(plugin.generateBundle.order).toBe("post"); // after Vite puts its helper at the top
    plugin.generateBundle.handler({}, output);
    plugin.generateBundle.handler({}, output); // a second pass adds nothing
    const code = (f: string) => (output[f] as { code: string }).code;
    expect(code("assets/index.js")).toBe(`${COMPILE_HINT}console.log("assets/index.js");\n`);
    expect(code("assets/react.js").startsWith(COMPILE_HINT)).toBe(true);
    expect(code("assets/Bots.js").startsWith(COMPILE_HINT)).toBe(false);
    expect((output["assets/index.js.map"] as { source: string }).source).toBe('{"mappings":";AAAA"}');
  });
});
