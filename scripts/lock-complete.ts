import * as fs from "node:fs";
import * as path from "node:path";

/**
 * The registry this project installs from serves only this platform's builds, so `npm install`
 * leaves other platforms' optional binaries (biome, buf, deno, rollup …) out of the lockfile,
 * and `npm ci` then refuses the lockfile as out of sync. This adds those entries back, marked
 * optional with the platform their name gives, so `npm ci` skips them on this machine and
 * installs them on the machines they are for. Run after every `npm install` (postinstall).
 */
const file = path.resolve(import.meta.dirname, "../package-lock.json");
const lock = JSON.parse(fs.readFileSync(file, "utf8")) as {
  packages: Record<string, Record<string, unknown>>;
};
const platform = (name: string) => {
  const os = [
    "darwin",
    "win32",
    "linux",
    "android",
    "freebsd",
    "openbsd",
    "netbsd",
    "sunos",
    "aix",
    "openharmony",
  ].find((o) => name.includes(o));
  const cpu = ["arm64", "x64", "ia32", "armv7", "arm", "ppc64", "s390x", "riscv64", "loong64", "wasm32"].find(
    (c) => name.includes(c),
  );
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu === "armv7" ? "arm" : cpu] } : {}) };
};
/** Node's lookup: the package's own node_modules, then every enclosing one up to the root
 * (aws-cdk-lib bundles graceful-fs beside the jsonfile that optionally needs it). */
const resolves = (key: string, name: string): boolean => {
  for (let dir = key; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf("/node_modules/")))) {
    if (lock.packages[`${dir === "" ? "" : `${dir}/`}node_modules/${name}`]) return true;
    if (dir === "") return false;
  }
};
let added = 0;
for (const [key, pkg] of Object.entries(lock.packages)) {
  const optional = pkg.optionalDependencies as Record<string, string> | undefined;
  if (!optional) continue;
  for (const [name, range] of Object.entries(optional)) {
    if (resolves(key, name)) continue;
    const version = range.replace(/^[\^~=]/, "");
    lock.packages[`node_modules/${name}`] = { version, optional: true, ...platform(name) };
    added++;
  }
}
if (added > 0) {
  const sorted = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
  );
  fs.writeFileSync(file, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
  console.log(`lockfile: added ${added} other-platform optional packages`);
}
