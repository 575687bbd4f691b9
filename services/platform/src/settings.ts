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
const seconds = z.coerce.number({ message: "expected a number of seconds" }).int().min(1).max(86_400);
const flag = z
  .enum(["0", "1", "true", "false"], { message: "expected 1 or 0" })
  .transform((v) => v === "1" || v === "true");
/** How many reverse proxies' X-Forwarded-For entries to believe; 0 believes none. */
const proxies = "expected a number of proxies from 0 to 10";

const schema = z.object({
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
  JWT_SECRET: z.string().min(32, "expected at least 32 characters").optional(),
  ADMIN_EMAIL: z.email({ message: "expected an email address" }).optional(),
  ADMIN_PASSWORD: z.string().min(8, "expected at least 8 characters").optional(),
  /** Only with this does ADMIN_EMAIL make an existing account (maybe someone else's sign-up) admin. */
  ADMIN_PROMOTE_EXISTING: flag.default(false),
  DEMO: flag.default(false),
  YAD2_API_URL: z.url({ message: "expected an http(s) URL" }).default("https://gw.yad2.co.il"),
  YAD2_CITIES: z
    .string()
    .regex(/^\d+(,\d+)*$/, "expected a comma list of city codes")
    .default("5000"),
  YAD2_INTERVAL_SECONDS: seconds.default(120),
  CLEANER_INTERVAL_SECONDS: seconds.default(3600),
  SCRAPER_MODE: z.enum(["http", "browser"], { message: "expected http or browser" }).default("http"),
  CHROME_PATH: z.string().min(1).default("/usr/bin/chromium"),
  FACEBOOK_GROUPS: z
    .string()
    .regex(/^[\w.-]+(,[\w.-]+)*$/, "expected a comma list of group ids")
    .optional(),
  FACEBOOK_COOKIES_FILE: z.string().min(1).optional(),
  FACEBOOK_URL: z.url({ message: "expected an http(s) URL" }).default("https://www.facebook.com"),
  FACEBOOK_INTERVAL_SECONDS: seconds.default(300),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, "expected a Bot API token (123:abc)")
    .optional(),
  TELEGRAM_API_ROOT: z.url({ message: "expected an http(s) URL" }).default("https://api.telegram.org"),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url({ message: "expected an http(s) URL" }).default("https://accounts.google.com"),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "expected mailto: or https://")
    .default("mailto:admin@localhost"),
  GEOCODER_URL: z.url({ message: "expected an http(s) URL" }).default("https://nominatim.openstreetmap.org"),
  /**
   * Push endpoints are addresses browsers (so users) hand in: pushes go to public addresses only.
   * A push service double on a private address (tests, a closed network's own push service) is
   * named here, `host:port` comma-separated; nothing else private is ever pushed to.
   */
  /**
   * Listing photos come from scraped pages: they are fetched from public addresses only. A photo
   * host on a private address (a test double) is named here, `host` or `host:port`, comma-separated.
   */
  PHOTO_PRIVATE_HOSTS: z
    .string()
    .regex(
      /^([\w.-]+|\[[\da-f:]+\])(:\d+)?(,([\w.-]+|\[[\da-f:]+\])(:\d+)?)*$/i,
      "expected host or host:port, comma-separated",
    )
    .optional(),
  PUSH_PRIVATE_HOSTS: z
    .string()
    .regex(
      /^([\w.-]+|\[[\da-f:]+\]):\d+(,([\w.-]+|\[[\da-f:]+\]):\d+)*$/i,
      "expected host:port, comma-separated",
    )
    .optional(),
  /** How long a source stays offline before the admins hear of it on Telegram (decimals allowed). */
  SOURCE_ALERT_AFTER_MINUTES: z.coerce
    .number({ message: "expected a number of minutes" })
    .positive("expected a number of minutes above 0")
    .max(1440, "expected at most 1440 minutes (a day)")
    .default(15),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.string().optional(),
});

export type Settings = z.infer<typeof schema> & {
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
export function loadSettings(env: Record<string, string | undefined> = process.env): Settings {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new SettingsError(`${name}: ${issue?.message ?? "invalid value"} (got "${cleaned[name] ?? ""}")`);
  }
  const serviceUrls: Partial<Record<ServiceName, string>> = {};
  for (const name of SERVICE_NAMES) {
    const value = cleaned[envNameOf(name)];
    if (value === undefined) continue;
    if (!/^https?:\/\/[^/]+/.test(value))
      throw new SettingsError(`${envNameOf(name)}: expected an http:// URL (got "${value}")`);
    serviceUrls[name] = value.replace(/\/$/, "");
  }
  const s = parsed.data;
  const pieces = parseServices(s.SERVICES);
  const split =
    Object.keys(serviceUrls).length > 0 || !pieces.gateway || pieces.services.length < SERVICE_NAMES.length;
  if (split && !s.SERVICE_SECRET && !s.SERVICE_KEYS)
    throw new SettingsError(
      "SERVICE_KEYS: required when services run in separate processes (each process's own keys; or SERVICE_SECRET, the same in each, to derive them)",
    );
  return {
    ...s,
    ...pieces,
    serviceUrls,
    split,
    // A process without the gateway has nothing public: its one listener (PORT) is internal.
    internalPort: s.INTERNAL_PORT ?? (!pieces.gateway ? s.PORT : s.PORT === 0 ? 0 : s.PORT + 1),
    internalHost: s.INTERNAL_HOST ?? (!pieces.gateway ? s.HOST : "127.0.0.1"),
    publicUrl: (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/$/, ""),
  };
}
