import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/**
 * The image's base: Debian bookworm made by debootstrap (minbase) from Debian's own packages, as
 * debian:bookworm-slim is, then trimmed of what a server never reads (package lists and archives,
 * docs, manuals, translations). Made once and kept in the cache folder; a rebuild reuses it.
 */
export const CACHE = process.env.DIRABOT_IMAGE_CACHE ?? path.join(os.homedir(), ".cache/dirabot/image");

const SUITE = "bookworm";
/** What BROWSER=1 adds, as in the Dockerfile: Chromium for the scrapers' browser mode. */
const BROWSER_PACKAGES = ["chromium", "fonts-noto-core", "fonts-dejavu-core"];
const TRIMMED = [
  "var/cache/apt/archives",
  "var/lib/apt/lists",
  "usr/share/doc",
  "usr/share/man",
  "usr/share/info",
  "usr/share/locale",
];

/** The mirror apt here uses (a machine may reach Debian only through its own), else Debian's. */
function mirror(): string {
  for (const file of ["/etc/apt/sources.list.d/debian.sources", "/etc/apt/sources.list"]) {
    if (!fs.existsSync(file)) continue;
    const m = /^(?:URIs:\s*|deb\s+(?:\[[^\]]*\]\s+)?)(\S+)/m.exec(fs.readFileSync(file, "utf8"));
    if (m?.[1] && !m[1].includes("security")) return m[1];
  }
  return "http://deb.debian.org/debian";
}

/** The runtime user, as Node's images name it. */
function addUser(rootfs: string): void {
  fs.appendFileSync(path.join(rootfs, "etc/passwd"), "node:x:1000:1000::/tmp:/usr/sbin/nologin\n");
  fs.appendFileSync(path.join(rootfs, "etc/group"), "node:x:1000:\n");
}

/** The base root filesystem's folder, made now when the cache has none. */
export function baseRootfs(browser: boolean): string {
  const dir = path.join(CACHE, `base-${SUITE}${browser ? "-browser" : ""}`);
  if (fs.existsSync(path.join(dir, "etc/passwd")) && fs.existsSync(`${dir}.ready`)) return dir;
  const work = `${dir}.making`;
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(CACHE, { recursive: true });
  console.log(`debootstrap ${SUITE} (minbase) from ${mirror()}…`);
  const include = browser ? [`--include=${BROWSER_PACKAGES.join(",")}`] : [];
  execFileSync("debootstrap", ["--variant=minbase", ...include, SUITE, work, mirror()], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (const t of TRIMMED) {
    const p = path.join(work, t);
    fs.rmSync(p, { recursive: true, force: true });
    fs.mkdirSync(p, { recursive: true });
  }
  addUser(work);
  fs.renameSync(work, dir);
  fs.writeFileSync(`${dir}.ready`, "");
  return dir;
}
