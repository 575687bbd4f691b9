// `npm run test:e2e`: builds the SPA, starts the whole product on a free port with a throwaway
// DATA_DIR, waits for /api/health, runs the Playwright specs of web/e2e against it, then stops it.
// The exit code is Playwright's. Extra arguments go to Playwright (e.g. `-- --grep theme`).
// E2E_BASE_URL=http://host:port skips the build and the start and tests a product already running
// (with E2E_INTERNAL_URL and E2E_SERVICE_SECRET naming its internal listener, for the specs that
// seed listings as a scraper would).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { type PrismSplit, startPrismSplit } from "./e2e-prism.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const HEALTH_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
const LOG_TAIL_LINES = 150;
/** Lines of a failed page's snapshot printed with the failures. */
const CONTEXT_LINES = 80;
/** This run's Playwright output (traces, screenshots of failures, the JSON report). */
const OUTPUT_DIR = join(root, "test-results", "e2e", `run-${process.pid}`);
// The product bootstraps this admin at start (identity's ADMIN_EMAIL/ADMIN_PASSWORD); the specs
// sign in with the same values, which they read from E2E_ADMIN_EMAIL/E2E_ADMIN_PASSWORD. Against a
// product started elsewhere (E2E_BASE_URL), set these to that product's admin.
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? "admin@dirabot.test";
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "e2e-admin-password";

function say(message: string): void {
  console.log(`[e2e] ${message}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

function buildSpa(): void {
  say("building the SPA");
  const result = spawnSync("npm", ["run", "-w", "@dirabot/web", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`the SPA build failed (exit ${result.status})`);
}

// The product's warnings and errors (pino levels 40 and up) and its plain lines; info lines are
// the bulk of the log and say nothing about a failure.
function printLogTail(logFile: string): void {
  if (!existsSync(logFile)) return;
  const lines = readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => !/^\{"level":(10|20|30),/.test(line));
  console.log(`[e2e] the product's last ${LOG_TAIL_LINES} warnings, errors and plain lines:`);
  console.log(lines.slice(-LOG_TAIL_LINES).join("\n"));
}

interface ReportSuite {
  title: string;
  suites?: ReportSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: {
      status: string;
      results: { error?: { message?: string }; attachments?: { name: string; path?: string }[] }[];
    }[];
  }[];
}

interface Failure {
  /** file:line of the spec. */
  where: string;
  line: string;
  /** Playwright's page snapshot at the failure (error-context.md), when it wrote one. */
  context?: string;
}

/** The failed specs of Playwright's JSON report, one line each with the first line of the error. */
function failuresOf(report: { suites?: ReportSuite[] }): Failure[] {
  const found: Failure[] = [];
  const walk = (suite: ReportSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== "unexpected") continue;
        const failed = test.results.find((result) => result.error);
        const first = stripVTControlCharacters(failed?.error?.message ?? "").split("\n")[0] ?? "";
        const where = `${spec.file}:${spec.line}`;
        found.push({
          where,
          line: `${where} ${[...path, spec.title].join(" › ")}: ${first}`,
          context: failed?.attachments?.find((a) => a.name === "error-context")?.path,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  // A top-level suite is a file, which the line already names.
  for (const suite of report.suites ?? []) walk(suite, []);
  return found;
}

function printFailures(): void {
  const file = join(OUTPUT_DIR, "report.json");
  if (!existsSync(file)) return;
  const failures = failuresOf(JSON.parse(readFileSync(file, "utf8")));
  // What each page showed when it failed, first: a CI page that keeps only the log's tail still
  // shows the list of failures last.
  for (const { where, context } of failures) {
    if (!context || !existsSync(context)) continue;
    const snapshot = readFileSync(context, "utf8").split("\n").slice(0, CONTEXT_LINES);
    console.log(`[e2e] the page when ${where} failed:`);
    console.log(snapshot.join("\n"));
  }
  say(`${failures.length} failed:`);
  for (const { line } of failures) console.log(`  ${line}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

// The product runs in its own process group (detached), so the whole group is signalled.
function signal(child: ChildProcess, name: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, name);
  } catch {
    // Already gone.
  }
}

async function stop(child: ChildProcess): Promise<void> {
  signal(child, "SIGTERM");
  const timer = setTimeout(() => signal(child, "SIGKILL"), STOP_TIMEOUT_MS);
  await exited(child);
  clearTimeout(timer);
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the product stopped before it was healthy (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${last})`);
}

/** How the specs reach the product's internal listener, as a scraper does (they seed listings). */
interface Internal {
  url: string;
  secret: string;
}

function runPlaywright(
  baseUrl: string,
  extraArgs: string[],
  telegramDouble?: string,
  internal?: Internal,
  geocoderDouble?: string,
  pushDouble?: string,
  yad2Double?: string,
): Promise<number> {
  const cli = join(root, "node_modules", "@playwright", "test", "cli.js");
  const args = [cli, "test", "-c", join(root, "web", "e2e", "playwright.config.ts"), ...extraArgs];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      BASE_URL: baseUrl,
      ...(telegramDouble ? { E2E_TELEGRAM_DOUBLE: telegramDouble } : {}),
      ...(geocoderDouble ? { E2E_GEOCODER_DOUBLE: geocoderDouble } : {}),
      ...(pushDouble ? { E2E_PUSH_DOUBLE: pushDouble } : {}),
      ...(yad2Double ? { E2E_YAD2_DOUBLE: yad2Double } : {}),
      E2E_OUTPUT_DIR: OUTPUT_DIR,
      E2E_ADMIN_EMAIL: ADMIN_EMAIL,
      E2E_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ...(internal ? { E2E_INTERNAL_URL: internal.url, E2E_SERVICE_SECRET: internal.secret } : {}),
    },
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
}

/** What Prism found wrong in the run's /api traffic: a run with any fails. */
function reportViolations(violations: string[]): number {
  say(`Prism: ${violations.length} answers disagreed with the OpenAPI document`);
  for (const v of violations) console.log(v);
  return violations.length ? 1 : 0;
}

async function main(): Promise<number> {
  const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chrome)) {
    say(`Chromium not found at ${chrome}: install Debian's chromium package or set CHROME_PATH`);
    return 1;
  }
  const extraArgs = process.argv.slice(2);
  const given = process.env.E2E_BASE_URL;
  if (given) return runPlaywright(given.replace(/\/$/, ""), extraArgs);

  buildSpa();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // With E2E_PRISM=1 the browser reaches the product through Prism (scripts/e2e-prism.ts): that
  // address is the one users see.
  const prismPort = process.env.E2E_PRISM === "1" ? await freePort() : undefined;
  const publicUrl = prismPort ? `http://127.0.0.1:${prismPort}` : baseUrl;
  const dataDir = mkdtempSync(join(tmpdir(), "dirabot-e2e-"));
  const logFile = join(dataDir, "product.log");
  const logFd = openSync(logFile, "a");
  const internalPort = await freePort();
  const internal = {
    url: `http://127.0.0.1:${internalPort}`,
    secret: randomBytes(32).toString("base64url"),
  };

  const { BotApiDouble } = await import("@dirabot/telegram/testing");
  const telegram = await BotApiDouble.start();
  const { GeocoderDouble } = await import("@dirabot/listings/testing");
  const geocoder = await GeocoderDouble.start();
  const { startPushDouble } = await import("./e2e-push.ts");
  const push = await startPushDouble(dataDir);
  const { startIssuer } = await import("@dirabot/gateway/testing");
  const issuer = await startIssuer(await freePort(), `${publicUrl}/api/oauth/google/callback`);
  const { startYad2Double } = await import("./e2e-yad2.ts");
  const yad2 = await startYad2Double();
  say(`starting the product on ${baseUrl} (DATA_DIR ${dataDir})`);
  const product = spawn(process.execPath, [join(root, "scripts", "product", "start.ts")], {
    cwd: root,
    detached: true,
    stdio: ["ignore", logFd, logFd],
    env: {
      ...process.env,
      PORT: String(port),
      // Its own free port: PORT+1 (the default) may be taken on a busy machine.
      INTERNAL_PORT: String(internalPort),
      SERVICE_SECRET: internal.secret,
      HOST: "127.0.0.1",
      // As behind an ingress: the specs' accounts are opened from addresses of their own (an
      // address may open only a few a minute); the browser sends no X-Forwarded-For.
      TRUST_PROXY: "1",
      // The specs open an account each: the least argon2id cost OWASP allows.
      PASSWORD_HASH_COST: "minimum",
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // Telegram is an outside service: a local Bot API double stands in for it.
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.url,
      // Google is an outside service too: a local OpenID Connect issuer stands in for it.
      PUBLIC_URL: publicUrl,
      GOOGLE_CLIENT_ID: "dirabot-e2e",
      GOOGLE_CLIENT_SECRET: "dirabot-e2e-secret",
      GOOGLE_ISSUER: issuer.url,
      // The map's place search geocodes through Nominatim: a local double answers instead.
      GEOCODER_URL: geocoder.url,
      // So is the browsers' push service: a local receiver over HTTPS, its CA trusted by the product.
      NODE_EXTRA_CA_CERTS: push.caFile,
      PUSH_PRIVATE_HOSTS: push.host,
      // Yad2 too: its double, so the scraper and cleaner run and report online. The scraper runs
      // every 10 s, so a spec sees it go offline and back within seconds (online = a success
      // within three intervals); the cleaner runs at start, then hourly as in production.
      YAD2_API_URL: yad2.url,
      YAD2_INTERVAL_SECONDS: "10",
    },
  });
  const interrupted = (name: NodeJS.Signals) => {
    say(`${name}: stopping the product`);
    void stop(product).finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);

  let code = 1;
  let prism: PrismSplit | undefined;
  try {
    await waitForHealth(baseUrl, product);
    const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    if (prismPort) prism = await startPrismSplit(baseUrl, admin, prismPort);
    say(`the product is healthy; running Playwright${prism ? " through Prism" : ""}`);
    code = await runPlaywright(
      publicUrl,
      extraArgs,
      telegram.url,
      internal,
      geocoder.url,
      push.url,
      yad2.control,
    );
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
  } finally {
    await prism?.close();
    await stop(product);
    await telegram.close();
    await geocoder.close();
    await push.close();
    await yad2.close();
    issuer.close();
  }
  if (prism) code = reportViolations(prism.violations) || code;
  if (code !== 0) {
    printLogTail(logFile);
    printFailures();
  } else rmSync(OUTPUT_DIR, { recursive: true, force: true }); // kept only to look into a failure
  rmSync(dataDir, { recursive: true, force: true });
  return code;
}

process.exitCode = await main();
