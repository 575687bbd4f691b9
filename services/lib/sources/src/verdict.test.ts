import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { SourceStatusSchema } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import { describe, expect, it } from "vitest";
import { verdict } from "./index.ts";

describe("when a service is serving", () => {
  const now = Date.parse("2026-11-22T09:00:00Z");
  const report = (o: { state?: string; success?: number | null; interval?: number; error?: string }) => ({
    report: create(SourceStatusSchema, {
      name: "yad2-scraper",
      state: o.state ?? "online",
      lastError: o.error ?? "",
      intervalSeconds: o.interval ?? 120,
      lastSuccessAt:
        o.success === null ? undefined : timestampFromDate(new Date(now - (o.success ?? 0) * 1000)),
    }),
  });

  it("serves while the last success is within three intervals", () => {
    expect(verdict(report({ success: 30 }), now)).toBeNull();
    expect(verdict(report({ success: 360 }), now)).toBeNull();
    expect(verdict(report({ success: 361 }), now)).toBe("no successful run since 2026-11-22T08:53:59.000Z");
    expect(verdict(report({ success: null }), now)).toBe("no successful run yet");
  });

  it("gives the service's own reason when it is offline or disabled", () => {
    expect(verdict(report({ state: "offline", error: "blocked by captcha" }), now)).toBe(
      "blocked by captcha",
    );
    expect(verdict(report({ state: "disabled", error: "FACEBOOK_GROUPS is unset" }), now)).toBe(
      "FACEBOOK_GROUPS is unset",
    );
    expect(verdict(report({ state: "offline" }), now)).toBe("offline");
    expect(verdict({ error: "service unreachable" }, now)).toBe("service unreachable");
  });
});
