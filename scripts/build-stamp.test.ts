import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildStamp } from "./build-stamp.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-stamp-"));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
write("web/src/main.tsx", "export {};");
write("web/dist/index.html", "<html></html>");
write("web/e2e/a.spec.ts", "");
write("services/bots/migrations/0001_init.ts", "up");
write("services/bots/src/module.ts", "module");
write("services/bots/src/bots.service.ts", "service");
write("services/platform/src/db/database.ts", "db");
write("node_modules/@electric-sql/pglite/package.json", '{"version":"1"}');

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("npm start's build stamp", () => {
  const before = buildStamp(root, true);

  it("holds while only what the build writes or never reads changes", () => {
    write("web/dist/index.html", "<html>rebuilt</html>");
    write("web/e2e/a.spec.ts", "changed");
    write("services/bots/src/bots.service.ts", "changed");
    expect(buildStamp(root, true)).toBe(before);
  });

  it.each([
    "web/src/main.tsx",
    "services/bots/migrations/0001_init.ts",
    "services/bots/src/module.ts",
    "services/platform/src/db/database.ts",
    "node_modules/@electric-sql/pglite/package.json",
  ])("changes with %s", (file) => {
    const old = fs.readFileSync(path.join(root, file), "utf8");
    write(file, `${old} changed`);
    expect(buildStamp(root, true)).not.toBe(before);
    write(file, old);
    const t = new Date(1_000_000_000_000);
    fs.utimesSync(path.join(root, file), t, t);
    expect(buildStamp(root, true)).not.toBe(before); // the same bytes at another time count too
  });

  it("ignores the database's inputs on a PostgreSQL server", () => {
    const server = buildStamp(root, false);
    write("services/bots/migrations/0002_more.ts", "up");
    expect(buildStamp(root, false)).toBe(server);
    expect(buildStamp(root, true)).not.toBe(buildStamp(root, false));
  });
});
