import { gateway } from "@dirabot/gateway";
import { launch, loadSettings, SettingsError } from "@dirabot/platform";
import { MODULES, SETTINGS } from "./services.ts";

/**
 * `npm start`: the gateway and every service in one process on embedded defaults, or, with
 * SERVICES and the *_URL variables, just the pieces this process should run (the cluster shape).
 */
async function main(): Promise<void> {
  if (process.argv.includes("--build-if-stale")) await buildIfStale();
  const settings = loadSettings(process.env, SETTINGS);
  const modules = MODULES.filter((m) => settings.services.includes(m.name as never));
  const running = await launch(settings, modules, settings.gateway ? gateway() : undefined);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`${signal}: finishing work in flight, then stopping`);
    await running.stop();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  if (settings.gateway) console.log(`Dirabot is serving at ${settings.publicUrl} (port ${running.port})`);
  console.log(
    `Internal listener (service calls, probes, metrics) on ${settings.internalHost}:${running.internalPort}`,
  );
}

/**
 * `npm start`'s build check, in this process: an unchanged tree costs a stamp compared (no second
 * Node and npm lifecycle before the server); a changed one is built by scripts/build.ts in a
 * process of its own, so the server never carries the build's memory. The image is built ahead
 * and runs without the flag (and without the build script).
 */
async function buildIfStale(): Promise<void> {
  const path = await import("node:path");
  const { builtFresh } = await import("../build-stamp.ts");
  const root = path.resolve(import.meta.dirname, "../..");
  if (builtFresh(root)) return;
  const { execFileSync } = await import("node:child_process");
  execFileSync(process.execPath, [path.join(root, "scripts/build.ts")], { cwd: root, stdio: "inherit" });
}

main().catch((err) => {
  if (err instanceof SettingsError) console.error(`Cannot start: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
