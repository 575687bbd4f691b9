import { describe, expect, it } from "vitest";
import * as z from "zod";
import { loadSettings, ownSettings, SERVICE_NAMES, SettingsError, setting } from "./settings.ts";

const SECRET = "s".repeat(32);

describe("settings", () => {
  it("gives the documented defaults on an empty environment", () => {
    const s = loadSettings({});
    expect(s.PORT).toBe(3000);
    expect(s.HOST).toBe("0.0.0.0");
    expect(s.DATA_DIR).toBe("./data");
    expect(s.publicUrl).toBe("http://localhost:3000");
    expect(s.services).toEqual([...SERVICE_NAMES]);
    expect(s.gateway).toBe(true);
  });

  it("stops on a bad value with one line naming the variable", () => {
    expect(() => loadSettings({ PORT: "eighty" })).toThrowError(/^PORT: expected a port number/);
    expect(() => loadSettings({ NATS_URL: "http://x" })).toThrowError(/^NATS_URL: expected a nats:\/\/ URL/);
    try {
      loadSettings({ DATABASE_URL: "mysql://x" });
    } catch (err) {
      expect(err).toBeInstanceOf(SettingsError);
      expect((err as Error).message.split("\n")).toHaveLength(1);
      expect((err as Error).message).toContain("DATABASE_URL");
    }
  });

  it("picks the pieces a process runs from SERVICES and where the others are", () => {
    const s = loadSettings({
      SERVICES: "bots, chat",
      CHAT_SERVICE_URL: "http://chat:8080/",
      SCRAPER_YAD2_SERVICE_URL: "http://y:8080",
      SERVICE_SECRET: SECRET,
    });
    expect(s.services).toEqual(["bots", "chat"]);
    expect(s.gateway).toBe(false);
    expect(s.serviceUrls).toEqual({ chat: "http://chat:8080", "scraper-yad2": "http://y:8080" });
    expect(loadSettings({ SERVICES: "gateway", SERVICE_SECRET: SECRET })).toMatchObject({
      services: [],
      gateway: true,
    });
    expect(() => loadSettings({ SERVICES: "bots,payments" })).toThrowError(
      /^SERVICES: unknown service "payments"/,
    );
    expect(() => loadSettings({ BOTS_SERVICE_URL: "bots:8080" })).toThrowError(
      /^BOTS_SERVICE_URL: expected an http:\/\/ URL/,
    );
  });

  it("believes no X-Forwarded-For unless TRUST_PROXY names how many proxies (0 to 10)", () => {
    expect(loadSettings({}).TRUST_PROXY).toBe(0);
    expect(loadSettings({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    for (const bad of ["11", "-1", "1.5", "yes"])
      expect(() => loadSettings({ TRUST_PROXY: bad })).toThrowError(
        new RegExp(`^TRUST_PROXY: expected a number of proxies from 0 to 10 \\(got "${bad}"\\)$`),
      );
  });

  it("needs service keys (or SERVICE_SECRET) as soon as another process takes part, and not in the one-process run", () => {
    const required = /^SERVICE_KEYS: required when services run in separate processes/;
    expect(loadSettings({}).split).toBe(false);
    expect(() => loadSettings({ SERVICES: "bots" })).toThrowError(required);
    expect(() => loadSettings({ SERVICES: "gateway" })).toThrowError(required);
    expect(() => loadSettings({ BOTS_SERVICE_URL: "http://bots:8080" })).toThrowError(required);
    expect(loadSettings({ SERVICES: "bots", SERVICE_SECRET: SECRET }).split).toBe(true);
    expect(loadSettings({ SERVICES: "bots", SERVICE_KEYS: `gateway>bots=${"a".repeat(64)}` }).split).toBe(
      true,
    );
    expect(() => loadSettings({ SERVICE_SECRET: "short" })).toThrowError(
      /^SERVICE_SECRET: expected at least 32 characters/,
    );
    expect(() => loadSettings({ SERVICES: "bots", SERVICE_KEYS: "gateway>bots=short" })).toThrowError(
      /^SERVICE_KEYS: expected caller>callee=key pairs/,
    );
  });

  it("puts service calls on an internal listener: the one port without the gateway, else PORT+1 on loopback", () => {
    const alone = loadSettings({ SERVICES: "bots", PORT: "8080", HOST: "0.0.0.0", SERVICE_SECRET: SECRET });
    expect(alone).toMatchObject({ internalPort: 8080, internalHost: "0.0.0.0" });
    expect(loadSettings({ PORT: "3000" })).toMatchObject({ internalPort: 3001, internalHost: "127.0.0.1" });
    expect(loadSettings({ PORT: "0" }).internalPort).toBe(0);
    const given = loadSettings({ PORT: "3000", INTERNAL_PORT: "9090", INTERNAL_HOST: "0.0.0.0" });
    expect(given).toMatchObject({ PORT: 3000, internalPort: 9090, internalHost: "0.0.0.0" });
  });

  it("takes PUBLIC_URL over the port-derived address", () => {
    expect(loadSettings({ PORT: "8000" }).publicUrl).toBe("http://localhost:8000");
    expect(loadSettings({ PUBLIC_URL: "https://dirabot.example/" }).publicUrl).toBe(
      "https://dirabot.example",
    );
  });

  it("checks every package's own settings at load, and gives a package its own", () => {
    const own = z.object({
      PROBE_EVERY_SECONDS: setting.seconds().default(60),
      PROBE_ON: setting.flag().default(false),
    });
    expect(() => loadSettings({ PROBE_EVERY_SECONDS: "soon" }, [own])).toThrowError(
      /^PROBE_EVERY_SECONDS: expected a number of seconds \(got "soon"\)$/,
    );
    expect(() => loadSettings({ PORT: "x", PROBE_ON: "maybe" }, [own])).toThrowError(/^PORT: /);
    // A host that was not told of the package still reads its settings, and still stops on a bad one.
    const s = loadSettings({ PROBE_ON: "1" });
    expect(ownSettings(s, own)).toEqual({ PROBE_EVERY_SECONDS: 60, PROBE_ON: true });
    expect(() => ownSettings(loadSettings({ PROBE_ON: "maybe" }), own)).toThrowError(
      /^PROBE_ON: expected 1 or 0 \(got "maybe"\)$/,
    );
  });
});
