import { loadSettings } from "../src/settings.ts";
import { external, tempDir } from "./helpers.ts";

/** Settings of a test process: a fresh DATA_DIR, any port, and the CI servers when named. */
export const testSettings = (extra: Record<string, string | undefined> = {}) =>
  loadSettings({
    DATA_DIR: tempDir(),
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DATABASE_URL: external.database,
    NATS_URL: external.nats,
    CHROME_PATH: process.env.CHROME_PATH,
    SERVICE_SECRET: process.env.SERVICE_SECRET,
    // Photo doubles listen on 127.0.0.1; every test process's listings service may fetch from
    // them (on a shared database, any process's photo hashing may take a test's photo).
    PHOTO_PRIVATE_HOSTS: "127.0.0.1",
    // Tests open accounts by the hundred: the least argon2id cost OWASP allows.
    PASSWORD_HASH_COST: "minimum",
    ...extra,
  });
