import { gateway } from "@dirabot/gateway";
import { launch, loadSettings, SettingsError } from "@dirabot/platform";
import { MODULES, SETTINGS } from "./services.ts";

/**
 * `npm start`: the gateway and every service in one process on embedded defaults, or, with
 * SERVICES and the *_URL variables, just the pieces this process should run (the cluster shape).
 */
async function main(): Promise<void> {
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

main().catch((err) => {
  if (err instanceof SettingsError) console.error(`Cannot start: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
