/** What a service-check card shows: the source, its state and its last run's figures. */
export interface StatusCard {
  title: string;
  state: string;
  /** Why it is not serving (shown on offline and disabled cards). */
  reason?: string;
  lastRunAt: Date | null;
  lastSuccessAt: Date | null;
  mode?: string;
  figures?: {
    fetched: number;
    new: number;
    updated: number;
    failed: number;
    removed?: number;
    durationMs: number;
  };
}

const COLOURS: Record<string, string> = { online: "#0f9960", offline: "#db3737", disabled: "#8a9ba8" };

/** Everything that reaches the SVG comes from a scraper (error texts quote web pages): escape it. */
export function escapeXml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

const when = (d: Date | null) => (d ? `${d.toISOString().slice(0, 16).replace("T", " ")} UTC` : "never");
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The image the admin dashboard shows for a source with no screenshot (http mode) or one that
 * is down: a self-contained SVG (no scripts, no external fonts or images), 480×200.
 */
export function statusCardSvg(c: StatusCard): string {
  const colour = COLOURS[c.state] ?? COLOURS.offline;
  const lines: string[] = [`Last run: ${when(c.lastRunAt)}`, `Last success: ${when(c.lastSuccessAt)}`];
  if (c.figures) {
    const f = c.figures;
    const removed = f.removed ? ` · removed ${f.removed}` : "";
    lines.push(`Fetched ${f.fetched} · new ${f.new} · updated ${f.updated}${removed} · failed ${f.failed}`);
    lines.push(`Duration ${seconds(f.durationMs)}${c.mode ? ` · ${c.mode} mode` : ""}`);
  }
  if (c.reason && c.state !== "online") lines.push(cut(c.reason, 70));
  const text = lines
    .map((l, i) => `<text x="24" y="${92 + i * 22}" font-size="14" fill="#394b59">${escapeXml(l)}</text>`)
    .join("");
  const state = escapeXml(c.state.toUpperCase());
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="200" viewBox="0 0 480 200" font-family="system-ui, -apple-system, 'Segoe UI', Arial, sans-serif">`,
    `<title>${escapeXml(`${c.title}: ${c.state}`)}</title>`,
    `<rect width="480" height="200" rx="8" fill="#f5f8fa" stroke="#ced9e0"/>`,
    `<text x="24" y="44" font-size="20" font-weight="600" fill="#182026">${escapeXml(c.title)}</text>`,
    `<rect x="352" y="24" width="104" height="28" rx="14" fill="${colour}"/>`,
    `<text x="404" y="43" font-size="13" font-weight="600" fill="#ffffff" text-anchor="middle">${state}</text>`,
    text,
    "</svg>",
  ].join("");
}
