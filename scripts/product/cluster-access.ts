import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import { derivedPassword, natsPasswordVar, provisionRoles } from "@dirabot/platform";
import pg from "pg";
import { NATS_AUTH_FILE, readCatalogue } from "../events-catalogue.ts";
import { MODULES } from "./services.ts";

/**
 * Least privilege for the cluster's processes: each service connects to PostgreSQL as its own
 * role (owner of its schema, nothing else) and to NATS as its own user (its events, its
 * consumers), as the Helm chart has them (docs/decisions/0153-a-postgresql-role-and-a-nats-user.md).
 */

/**
 * Provisions every service's role with the administrator's URL; each service's DATABASE_URL by
 * name. `passwordsFrom`: the URL the roles' passwords derive from (roles are the server's, shared
 * by its databases: every cluster on one server must give them the same).
 */
export async function serviceDatabaseUrls(
  adminUrl: string,
  passwordsFrom = adminUrl,
): Promise<Map<string, string>> {
  const bySchema = await provisionRoles(
    adminUrl,
    MODULES.map((m) => m.schema),
    (role) => derivedPassword(passwordsFrom, role),
  );
  return new Map(MODULES.map((m) => [m.name, bySchema[m.schema] as string]));
}

export interface NatsWithUsers {
  /** NATS_URL for a component (a service or "gateway"), with its user and password. */
  urlOf(component: string): string;
  stop(): Promise<void>;
}

const NATS_SERVER = process.env.NATS_SERVER ?? "/usr/sbin/nats-server";

/**
 * A nats-server of the cluster's own (JetStream in `dir`), whose users are the event catalogue's
 * components with the permissions it grants (nats-users.ts): the machine's NATS has no users.
 */
export async function startNatsWithUsers(dir: string, port: number): Promise<NatsWithUsers> {
  const passwords = Object.fromEntries(Object.keys(readCatalogue()).map((c) => [c, natsPassword()]));
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const conf = path.join(dir, "nats.conf");
  fs.writeFileSync(
    conf,
    `listen: "127.0.0.1:${port}"\njetstream { store_dir: ${JSON.stringify(path.join(dir, "js"))} }\n${fs.readFileSync(NATS_AUTH_FILE, "utf8")}`,
    { mode: 0o600 },
  );
  // The passwords reach the server through its environment, as in the chart.
  const env = { ...process.env };
  for (const [c, p] of Object.entries(passwords)) env[natsPasswordVar(c)] = p;
  const child: ChildProcess = spawn(NATS_SERVER, ["-c", conf], { env, stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  child.stderr?.on("data", (b: Buffer) => {
    err = (err + b.toString()).slice(-4000);
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nats-server exited: ${err}`);
    if (await answers(port)) break;
    if (i > 100) throw new Error(`nats-server did not listen: ${err}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    urlOf: (c) => {
      const password = passwords[c];
      if (!password) throw new Error(`${c} is not in the event catalogue (npm run events:catalogue)`);
      return `nats://${encodeURIComponent(c)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * nats-server parses a variable's value as it would the file's (digits may read as a number or a
 * date, "yes" as true): a letter, then letters and digits, is always a string.
 */
const natsPassword = () => `p${randomBytes(20).toString("hex")}`;

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });

export interface ClusterAccess {
  /** The administrator's URL of the database the services use (tests read it directly). */
  adminUrl: string;
  /** A process's DATABASE_URL: its service's role (the gateway has no database). */
  databaseUrl(name: string): string | undefined;
  /** A process's NATS_URL: its own user on the cluster's NATS, or the NATS it was given as is. */
  natsUrl(name: string): string;
  stop(): Promise<void>;
}

/**
 * What each process of a cluster connects with: given `natsUrl` (a NATS without users, as the
 * machine's), every process uses it as it is; without, the cluster runs a NATS of its own with
 * a user per component.
 */
export async function clusterAccess(opts: {
  databaseUrl: string;
  natsUrl?: string;
  ownDatabase?: boolean;
  dir: string;
  port: () => Promise<number>;
}): Promise<ClusterAccess> {
  const own = opts.ownDatabase ? await createDatabase(opts.databaseUrl) : undefined;
  const adminUrl = own?.url ?? opts.databaseUrl;
  const databases = await serviceDatabaseUrls(adminUrl, opts.databaseUrl);
  const nats = opts.natsUrl
    ? undefined
    : await startNatsWithUsers(path.join(opts.dir, "nats"), await opts.port());
  return {
    adminUrl,
    databaseUrl: (name) => databases.get(name),
    natsUrl: (name) => nats?.urlOf(name) ?? (opts.natsUrl as string),
    stop: async () => {
      await nats?.stop();
      await own?.drop();
    },
  };
}

/**
 * A database of the cluster's own beside the one named, dropped at stop. Services of other
 * processes on a shared database would take this cluster's outbox rows (SKIP LOCKED) and publish
 * them to their NATS, not the cluster's own: its events would be lost to it.
 */
async function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || "postgres"}_cluster_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql.replace("$db", client.escapeIdentifier(name)));
    } finally {
      await client.end();
    }
  };
  await admin("CREATE DATABASE $db");
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin("DROP DATABASE IF EXISTS $db WITH (FORCE)") };
}
