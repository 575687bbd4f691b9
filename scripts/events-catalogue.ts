import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { gateway } from "@dirabot/gateway";
import {
  type EventCatalogue,
  launch,
  loadSettings,
  natsAuthorization,
  recordingBus,
  sortedCatalogue,
} from "@dirabot/platform";
import { publishedBy } from "@dirabot/proto/events";
import { eventsTable, withEventsTable } from "./events-table.ts";
import { MODULES } from "./product/services.ts";

/**
 * `npm run events:catalogue`: which component publishes and consumes which events, recorded from
 * the product itself (every service and the gateway started in one process, each handed a bus
 * that writes down what it subscribes to). The NATS users' permissions are made from the file
 * (`npm run cluster`, the Helm chart); `events-catalogue.test.ts` fails when it is stale.
 */
const files = path.resolve(import.meta.dirname, "../deploy/helm/dirabot/files");
export const CATALOGUE_FILE = path.join(files, "events.json");
/** nats-server's users and permissions made from the catalogue (the chart's NATS, `npm run cluster`'s). */
export const NATS_AUTH_FILE = path.join(files, "nats-authorization.conf");
/** Its producer → consumer table is written between the events markers. */
export const ARCHITECTURE_FILE = path.resolve(import.meta.dirname, "../docs/ARCHITECTURE.md");

export async function recordCatalogue(): Promise<EventCatalogue> {
  const catalogue: EventCatalogue = {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-catalogue-"));
  // Every optional consumer on: the demo's, and the Telegram bot's (its Bot API a local double,
  // its id fixed so the file is the same at every run).
  const { BotApiDouble } = await import("@dirabot/telegram/testing");
  const telegram = await BotApiDouble.start({ token: "1:events-catalogue" });
  try {
    const settings = loadSettings({
      LOG_LEVEL: "silent",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO: "1",
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.url,
    });
    const running = await launch(settings, MODULES, gateway(), {
      busFor: (component, bus) => recordingBus(bus, component, catalogue),
    });
    await running.stop();
  } finally {
    await telegram.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // A service publishes its own events, each under its name; the gateway none.
  for (const m of MODULES) (catalogue[m.name] as EventCatalogue[string]).publishes.push(publishedBy(m.name));
  return sortedCatalogue(catalogue);
}

export const readCatalogue = (): EventCatalogue => JSON.parse(fs.readFileSync(CATALOGUE_FILE, "utf8"));

export const catalogueText = (c: EventCatalogue) => `${JSON.stringify(c, null, 2)}\n`;

if (import.meta.main) {
  fs.mkdirSync(path.dirname(CATALOGUE_FILE), { recursive: true });
  const catalogue = await recordCatalogue();
  fs.writeFileSync(CATALOGUE_FILE, catalogueText(catalogue));
  fs.writeFileSync(NATS_AUTH_FILE, natsAuthorization(catalogue));
  const doc = fs.readFileSync(ARCHITECTURE_FILE, "utf8");
  fs.writeFileSync(ARCHITECTURE_FILE, withEventsTable(doc, eventsTable(catalogue)));
  console.log(
    `wrote ${path.relative(process.cwd(), CATALOGUE_FILE)}, ${path.basename(NATS_AUTH_FILE)} and the events table`,
  );
  process.exit(0);
}
