import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkChart, loadChartUnderTest, passed, type Report } from "./check-run.ts";
import { readValues, type Values } from "./helm-render.ts";
import { list, rec, str } from "./k8s-util.ts";
import type { K8sObject } from "./k8s-validate.ts";

const chartDir = resolve(import.meta.dirname, "../../deploy/helm/dirabot");
const cut = loadChartUnderTest(chartDir);
const production = readValues(join(chartDir, "values-production.yaml"));
const SERVICES = [
  "identity",
  "bots",
  "chat",
  "listings",
  "notifications",
  "telegram",
  "scraper-yad2",
  "scraper-facebook",
];

function check(...values: Values[]): Report {
  return checkChart(cut, "test", values);
}

function problems(r: Report): string[] {
  return [...r.schema, ...r.render, ...r.k8s, ...r.refs];
}

function named(r: Report, kind: string, name: string): K8sObject | undefined {
  return r.objects.find((o) => o.kind === kind && o.metadata.name === name);
}

function env(d: K8sObject): Record<string, unknown>[] {
  const containers = list(rec(rec(rec(d.spec).template).spec).containers).map(rec);
  return list(containers[0]?.env).map(rec);
}

describe("the chart's own values files", () => {
  const files = ["values-production.yaml", ...readdirSync(join(chartDir, "ci")).map((f) => `ci/${f}`)];

  it("values.yaml renders and every object passes the schema, rule and reference checks", () => {
    const r = check();
    expect(problems(r)).toEqual([]);
    expect(passed(r)).toBe(true);
    expect(r.objects.filter((o) => o.kind === "Deployment")).toHaveLength(9);
  });

  it.each(files)("%s passes every check", (file) => {
    const r = check(readValues(join(chartDir, file)));
    expect(problems(r)).toEqual([]);
    expect(r.objects.length).toBeGreaterThan(10);
  });
});

describe("values the schema refuses", () => {
  it("names the key of a wrong type and of an unknown key, and renders nothing", () => {
    const r = check({ services: { bots: { replicas: "two", replicaz: 3 } }, gatewy: {} });
    expect(r.schema).toContain("services.bots.replicas: must be integer");
    expect(r.schema).toContain('services.bots: unknown key "replicaz"');
    expect(r.schema).toContain('(root): unknown key "gatewy"');
    expect(r.objects).toEqual([]);
    expect(passed(r)).toBe(false);
  });

  it("keeps telegram to one poller and env free of the chart's own variables", () => {
    const r = check({ services: { telegram: { replicas: 2 }, chat: { env: { PORT: "1" } } } });
    expect(r.schema).toContain("services.telegram.replicas: must be <= 1");
    expect(r.schema).toContain('services.chat.env: key "PORT" is not allowed');
  });

  it("stops rendering with the template's reason on combinations the schema cannot see", () => {
    expect(check({ config: { scraperMode: "browser" } }).render[0]).toMatch(
      /scraperMode=browser needs services.scraper-yad2.browser/,
    );
    expect(check({ postgresql: { enabled: true } }).render[0]).toMatch(
      /postgresql.auth.password is required/,
    );
  });
});

describe("what the chart renders", () => {
  it("gives each process every other enabled service's URL and never its own", () => {
    const r = check();
    for (const name of ["gateway", ...SERVICES]) {
      const d = named(r, "Deployment", `dirabot-${name}`) as K8sObject;
      const urls = Object.fromEntries(
        env(d)
          .filter((e) => str(e.name).endsWith("_SERVICE_URL"))
          .map((e) => [str(e.name), e.value]),
      );
      const expected = SERVICES.filter((s) => s !== name).map(
        (s) => `${s.toUpperCase().replaceAll("-", "_")}_SERVICE_URL`,
      );
      expect(Object.keys(urls).sort()).toEqual(expected.sort());
      expect(env(d).find((e) => e.name === "SERVICES")?.value).toBe(name);
    }
    const bots = named(r, "Deployment", "dirabot-bots") as K8sObject;
    expect(env(bots).find((e) => e.name === "SCRAPER_YAD2_SERVICE_URL")?.value).toBe(
      "http://dirabot-scraper-yad2:8080",
    );
    expect(env(bots).find((e) => e.name === "NATS_URL")).toMatchObject({
      valueFrom: { secretKeyRef: { name: "dirabot", key: "NATS_URL" } },
    });
    // PUBLIC_URL, LOG_LEVEL and the other shared settings come from the ConfigMap (envFrom).
    expect(rec(named(r, "ConfigMap", "dirabot")?.data)).toMatchObject({
      PUBLIC_URL: "http://dirabot.local",
      LOG_LEVEL: "info",
      DATA_DIR: "/data",
    });
  });

  it("removes a disabled service's objects and its URL from the others", () => {
    const r = check(production, { services: { chat: { enabled: false } } });
    expect(problems(r)).toEqual([]);
    expect(r.objects.filter((o) => o.metadata.name === "dirabot-chat")).toEqual([]);
    const anyChatUrl = r.objects
      .filter((o) => o.kind === "Deployment")
      .some((d) => env(d).some((e) => e.name === "CHAT_SERVICE_URL"));
    expect(anyChatUrl).toBe(false);
  });

  it("production values give HPAs without fixed replicas, PDBs, and a TLS ingress to the gateway", () => {
    const r = check(production);
    const hpas = r.objects.filter((o) => o.kind === "HorizontalPodAutoscaler").map((o) => o.metadata.name);
    expect(hpas).toContain("dirabot-gateway");
    expect(hpas).not.toContain("dirabot-telegram");
    expect(rec(named(r, "Deployment", "dirabot-gateway")?.spec).replicas).toBeUndefined();
    expect(rec(named(r, "PodDisruptionBudget", "dirabot-gateway")?.spec).minAvailable).toBe(2);
    expect(rec(named(r, "PodDisruptionBudget", "dirabot-scraper-yad2")?.spec)).toMatchObject({
      maxUnavailable: 1,
    });
    expect(rec(named(r, "PodDisruptionBudget", "dirabot-scraper-yad2")?.spec).minAvailable).toBeUndefined();
    const ingress = rec(named(r, "Ingress", "dirabot")?.spec);
    expect(ingress.tls).toEqual([{ secretName: "dirabot-example-com-tls", hosts: ["dirabot.example.com"] }]);
    expect(JSON.stringify(ingress.rules)).toContain('"name":"dirabot-gateway"');
    expect(r.objects.filter((o) => o.kind === "ServiceMonitor")).toHaveLength(9);
  });

  it("generates JWT_SECRET into its Secret by default and references an existing Secret otherwise", () => {
    const own = check();
    const data = rec(named(own, "Secret", "dirabot")?.data);
    expect(Buffer.from(str(data.JWT_SECRET), "base64").toString()).toMatch(/^[A-Za-z0-9]{64}$/);
    const ext = check(production);
    expect(named(ext, "Secret", "dirabot")).toBeUndefined();
    const telegram = named(ext, "Deployment", "dirabot-telegram") as K8sObject;
    expect(env(telegram).find((e) => e.name === "TELEGRAM_BOT_TOKEN")).toMatchObject({
      valueFrom: { secretKeyRef: { name: "dirabot-app", key: "TELEGRAM_BOT_TOKEN", optional: true } },
    });
    expect(env(telegram).some((e) => e.name === "JWT_SECRET")).toBe(false);
  });

  it("follows Helm's naming when the release name already holds the chart name", () => {
    const r = checkChart(cut, "test", [], { releaseName: "dirabot-staging" });
    expect(problems(r)).toEqual([]);
    expect(named(r, "Service", "dirabot-staging-gateway")).toBeDefined();
  });
});

/** The chart with one template edited in memory. */
function withTemplate(file: string, from: string, to: string): typeof cut {
  const name = `dirabot/templates/${file}`;
  const templates = new Map(cut.chart.templates);
  const src = templates.get(name) ?? "";
  expect(src).toContain(from);
  templates.set(name, src.replace(from, to));
  return { ...cut, chart: { ...cut.chart, templates } };
}

describe("the checker catches a broken template", () => {
  it("reports a probe pointing at a port the container does not have", () => {
    const broken = withTemplate("_probes.tpl", "port: {{ $.portName }}", "port: metrics");
    const r = checkChart(broken, "broken", []);
    expect(r.refs).toContain(
      "Deployment/dirabot-bots: container bots: livenessProbe port metrics is not a container port",
    );
  });

  it("reports a misspelt Kubernetes field", () => {
    const broken = withTemplate("_deployment.tpl", "revisionHistoryLimit:", "revisionHistoryLimt:");
    const r = checkChart(broken, "broken", []);
    expect(r.k8s).toContain("Deployment/dirabot-gateway: spec.revisionHistoryLimt: unknown field");
  });
});
