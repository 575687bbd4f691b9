import { type AnyServiceModule, launch, loadSettings } from "../src/index.ts";

/**
 * Runs `modules` as a process of their own, the way a product service starts (settings from the
 * environment), for a test that starts that process under Node or Deno: prints
 * `PROBE_LISTENING <port>` once the internal listener (service calls, health) is up — no gateway
 * runs here — and stops cleanly on SIGTERM or SIGINT.
 */
export async function serveForTest(modules: AnyServiceModule[]): Promise<void> {
  const own = modules.flatMap((m) => (m.settings ? [m.settings] : []));
  const running = await launch(loadSettings(process.env, own), modules);
  console.log(`PROBE_LISTENING ${running.internalPort}`);
  const stop = async () => {
    await running.stop();
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
