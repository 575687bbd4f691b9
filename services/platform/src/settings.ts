import * as z from "zod";

/** Every service name the product knows, in start order; `gateway` is the BFF. */
export const SERVICE_NAMES = [
  "identity",
  "listings",
  "bots",
  "chat",
  "notifications",
  "telegram",
  "scraper-yad2",
  "scraper-facebook",
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const url = (what: string) => z.url({ message: `expected ${what} URL` }).optional();
/** How many reverse proxies' X-Forwarded-For entries to believe; 0 believes none. */
const proxies = "expected a number of proxies from 0 to 10";

/** The pieces of a setting every schema words the same way (a bad value's line names what was expected). */
export const setting = {
  seconds: () => z.coerce.number({ message: "expected a number of seconds" }).int().min(1).max(86_400),
  flag: () =>
    z
      .enum(["0", "1", "true", "false"], { message: "expected 1 or 0" })
      .transform((v) => v === "1" || v === "true"),
  httpUrl: (fallback: string) => z.url({ message: "expected an http(s) URL" }).default(fallback),
};

/**
 * What every process reads: its listeners, keys, database, bus and logs. A service's own settings
 * (Yad2's, Facebook's, VAPID's …) are its package's schema, merged in by the composition root.
 */
const shared = z.object({
  PORT: z.coerce.number({ message: "expected a port number" }).int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  INTERNAL_PORT: z.coerce.number({ message: "expected a port number" }).int().min(0).max(65_535).optional(),
  INTERNAL_HOST: z.string().min(1).optional(),
  SERVICE_SECRET: z.string().min(32, "expected at least 32 characters").optional(),
  /** This process's own service keys instead of the master secret (docs/SECURITY.md). */
  SERVICE_KEYS: z
    .string()
    .regex(
      /^[a-z\d-]+>[a-z\d-]+=[\w-]{32,}(,[a-z\d-]+>[a-z\d-]+=[\w-]{32,})*$/,
      "expected caller>callee=key pairs (keys of at least 32 characters), comma-separated",
    )
    .optional(),
  PUBLIC_URL: url("an http(s)"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "expected a postgres:// URL")
    .optional(),
  NATS_URL: z
    .string()
    .regex(/^(nats|tls|wss?):\/\//, "expected a nats:// URL")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "expected a redis:// URL")
    .optional(),
  SERVICES: z.string().optional(),
  TRUST_PROXY: z.coerce.number({ message: proxies }).int(proxies).min(0, proxies).max(10, proxies).default(0),
  /** Signs sessions: the identity service issues them, the gateway checks them. */
  JWT_SECRET: z.string().min(32, "expected at least 32 characters").optional(),
  /** The demo data, seeded by more than one service. */
  DEMO: setting.flag().default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.string().optional(),
});

/** A package's own settings: an object of environment variables. */
export type SettingsSchema = z.ZodObject;

export type Settings = z.infer<typeof shared> & {
  /** The environment as given (blanks dropped): what `ownSettings` reads a package's own settings from. */
  env: Readonly<Record<string, string>>;
  publicUrl: string;
  /** Which pieces this process runs. */
  services: ServiceName[];
  gateway: boolean;
  /** Where services that run elsewhere are reached (from <NAME>_SERVICE_URL). */
  serviceUrls: Partial<Record<ServiceName, string>>;
  /** The listener service calls, probes and metrics use: never the one users reach. */
  internalPort: number;
  internalHost: string;
  /** Whether other processes take part (some SERVICES or a *_SERVICE_URL): they need service keys. */
  split: boolean;
};

/** A bad value: the message is the one line printed before the process stops. */
export class SettingsError extends Error {}

export function envNameOf(service: string): string {
  return `${service.toUpperCase().replaceAll("-", "_")}_SERVICE_URL`;
}

function parseServices(raw: string | undefined): { services: ServiceName[]; gateway: boolean } {
  if (raw === undefined || raw.trim() === "") return { services: [...SERVICE_NAMES], gateway: true };
  const names = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const known = new Set<string>([...SERVICE_NAMES, "gateway", "all"]);
  const bad = names.find((n) => !known.has(n));
  if (bad)
    throw new SettingsError(
      `SERVICES: unknown service "${bad}"; expected a comma list of ${[...known].join(", ")}`,
    );
  if (names.includes("all")) return { services: [...SERVICE_NAMES], gateway: true };
  return {
    services: SERVICE_NAMES.filter((n) => names.includes(n)),
    gateway: names.includes("gateway"),
  };
}

/** Parses the environment once at start; the first bad variable stops the start with one line. */
export function loadSettings(
  env: Record<string, string | undefined> = process.env,
  own: readonly SettingsSchema[] = [],
): Settings {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""),
  );
  const s = parsed(shared, cleaned);
  // Every package's own settings are checked here too, before anything starts.
  parsed(
    own.reduce<SettingsSchema>((all, schema) => all.extend(schema.shape), z.object({})),
    cleaned,
  );
  const serviceUrls: Partial<Record<ServiceName, string>> = {};
  for (const name of SERVICE_NAMES) {
    const value = cleaned[envNameOf(name)];
    if (value === undefined) continue;
    if (!/^https?:\/\/[^/]+/.test(value))
      throw new SettingsError(`${envNameOf(name)}: expected an http:// URL (got "${value}")`);
    serviceUrls[name] = value.replace(/\/$/, "");
  }
  const pieces = parseServices(s.SERVICES);
  const split =
    Object.keys(serviceUrls).length > 0 || !pieces.gateway || pieces.services.length < SERVICE_NAMES.length;
  if (split && !s.SERVICE_SECRET && !s.SERVICE_KEYS)
    throw new SettingsError(
      "SERVICE_KEYS: required when services run in separate processes (each process's own keys; or SERVICE_SECRET, the same in each, to derive them)",
    );
  return {
    ...s,
    env: cleaned,
    ...pieces,
    serviceUrls,
    split,
    // A process without the gateway has nothing public: its one listener (PORT) is internal.
    internalPort: s.INTERNAL_PORT ?? (!pieces.gateway ? s.PORT : s.PORT === 0 ? 0 : s.PORT + 1),
    internalHost: s.INTERNAL_HOST ?? (!pieces.gateway ? s.HOST : "127.0.0.1"),
    publicUrl: (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/$/, ""),
  };
}

/** Parses `env` with `schema`, or stops with one line naming the first bad variable. */
function parsed<S extends SettingsSchema>(schema: S, env: Record<string, string>): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? "environment");
  throw new SettingsError(`${name}: ${issue?.message ?? "invalid value"} (got "${env[name] ?? ""}")`);
}

/** A package's own settings, read from the environment the process started with. */
export function ownSettings<S extends SettingsSchema>(settings: Settings, schema: S): z.infer<S> {
  return parsed(schema, settings.env);
}
