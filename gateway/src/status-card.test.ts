import { describe, expect, it } from "vitest";
import { escapeXml, statusCardSvg } from "./status-card.ts";

describe("status card", () => {
  const at = new Date("2026-11-22T08:30:00Z");

  it("shows the source, its state and the last run's figures", () => {
    const svg = statusCardSvg({
      title: "Yad2 scraper",
      state: "online",
      lastRunAt: at,
      lastSuccessAt: at,
      mode: "http",
      figures: { fetched: 450, new: 12, updated: 3, failed: 1, durationMs: 8400 },
    });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="480" height="200"/);
    expect(svg).toContain(">Yad2 scraper</text>");
    expect(svg).toContain(">ONLINE</text>");
    expect(svg).toContain("Last run: 2026-11-22 08:30 UTC");
    expect(svg).toContain("Fetched 450 · new 12 · updated 3 · failed 1");
    expect(svg).toContain("Duration 8.4 s · http mode");
    expect(svg).not.toMatch(/<script|href=|<image|@import/);
  });

  it("escapes what a scraper reports (error texts quote web pages)", () => {
    const svg = statusCardSvg({
      title: "Facebook scraper",
      state: "offline",
      reason: `blocked: <script>alert("x")</script> & 'more'`,
      lastRunAt: null,
      lastSuccessAt: null,
    });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("blocked: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;more&#39;");
    expect(svg).toContain("Last run: never");
    expect(escapeXml(`<a href="x">&</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
  });

  it("cuts a long reason to fit the card", () => {
    const svg = statusCardSvg({
      title: "Yad2 cleaner",
      state: "offline",
      reason: "x".repeat(500),
      lastRunAt: null,
      lastSuccessAt: null,
    });
    expect(svg).toContain(`${"x".repeat(69)}…`);
    expect(svg).not.toContain("x".repeat(71));
  });
});
