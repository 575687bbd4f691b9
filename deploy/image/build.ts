import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { baseRootfs, CACHE } from "./base.ts";
import { APP_DIR, CMD, ENV, NODE_PATH, PORTS, USER } from "./layout.ts";
import { stage } from "./stage.ts";

/**
 * `npm run image` (`make image`): the production image, built with buildah as root (vfs storage,
 * chroot isolation: no daemon, no user namespaces), from a debootstrapped Debian and Node 24 from
 * the npm `node` package. BROWSER=1 adds Chromium, as the Dockerfile's build argument does.
 * Installs buildah and debootstrap from Debian's packages when they are missing.
 */
const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
const browser = process.env.BROWSER === "1";
export const IMAGE = `localhost/dirabot:${pkg.version}${browser ? "-browser" : ""}`;

export const buildah = (...args: string[]): string =>
  execFileSync("buildah", ["--storage-driver", "vfs", ...args], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();

function imageId(): string | undefined {
  try {
    const args = ["--storage-driver", "vfs", "images", "--quiet", "--no-trunc", IMAGE];
    return execFileSync("buildah", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}

function ensureTools(): void {
  const missing = ["buildah", "debootstrap"].filter((t) => {
    try {
      execFileSync("sh", ["-c", `command -v ${t}`], { stdio: "ignore" });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return;
  console.log(`Installing ${missing.join(", ")} (Debian packages)…`);
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", ...missing], { stdio: "inherit" });
}

function build(): void {
  if (process.getuid?.() !== 0) throw new Error("buildah's vfs/chroot build runs as root");
  ensureTools();
  const base = baseRootfs(browser);
  // The SPA and the database templates, when their sources changed (npm start's own step).
  execFileSync(process.execPath, ["scripts/build.ts"], { cwd: root, stdio: "inherit" });
  const staged = path.join(CACHE, "stage");
  stage(staged);
  const ctr = buildah("from", "scratch");
  try {
    const mnt = buildah("mount", ctr);
    execFileSync("cp", ["-a", `${base}/.`, mnt]);
    execFileSync("cp", ["-a", path.join(staged, "app"), path.join(mnt, APP_DIR)]);
    fs.copyFileSync(path.join(staged, "node"), path.join(mnt, NODE_PATH));
    fs.chmodSync(path.join(mnt, NODE_PATH), 0o755);
    fs.mkdirSync(path.join(mnt, ENV.DATA_DIR as string), { recursive: true });
    fs.chownSync(path.join(mnt, ENV.DATA_DIR as string), 1000, 1000);
    buildah("umount", ctr);
    const env = Object.entries(ENV).flatMap(([k, v]) => ["--env", `${k}=${v}`]);
    const ports = PORTS.flatMap((p) => ["--port", String(p)]);
    buildah(
      "config",
      "--user",
      USER,
      "--workingdir",
      APP_DIR,
      ...env,
      ...ports,
      "--cmd",
      JSON.stringify(CMD),
      ctr,
    );
    const previous = imageId();
    buildah("commit", "--rm", ctr, IMAGE);
    // vfs keeps every layer whole: the image this tag named before would hold its size for nothing.
    if (previous && previous !== imageId()) buildah("rmi", previous);
  } catch (err) {
    buildah("rm", ctr);
    throw err;
  }
  console.log(`Built ${IMAGE}: ${buildah("images", "--format", "{{.Size}}", IMAGE)}`);
}

if (import.meta.main) build();
