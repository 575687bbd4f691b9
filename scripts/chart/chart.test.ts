import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { keysFor } from "@dirabot/platform";
import { afterAll, describe, expect, it } from "vitest";
import { checkChart, passed, problems, type Report, readValues, type Values } from "./check-run.ts";
import { connectionAllowed, type Endpoint, podOf } from "./k8s-netpol.ts";
import { list, rec, selects, str, workloads } from "./k8s-util.ts";
import type { K8sObject } from "./k8s-validate.ts";
import { COMPONENTS } from "./values-schema.ts";

const chartDir = resolve(import.meta.dirname, "../../deploy/helm/dirabot");
const production = readValues(join(chartDir, "values-production.yaml"));
const SERVICES = COMPONENTS.filter((c) => c !== "gateway");

// Each check runs the real helm (lint and template) on the chart.
function check(...values: Values[]): Report {
  return checkChart(chartDir, "test", values);
}

function named(r: Report, kind: string, name: string): K8sObject | undefined {
  return r.objects.find((o) => o.kind === kind && o.metadata.name === name);
}

function container(d: K8sObject): Record<string, unknown> {
  return rec(list(rec(rec(rec(d.spec).template).spec).containers)[0]);
}

function env(d: K8sObject): Record<string, unknown>[] {
  return list(container(d).env).map(rec);
}

function envValue(d: K8sObject, name: string): unknown {
  return env(d).find((e) => e.name === name)?.value;
}

function deployments(r: Report): K8sObject[] {
  return r.objects.filter((o) => o.kind === "Deployment");
}

function secretValue(r: Report, key: string): string {
  return Buffer.from(str(rec(named(r, "Secret", "dirabot")?.data)[key]), "base64").toString();
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
    const said = problems(r).join("\n");
    expect(said).toContain("at '/services/bots/replicas': got string, want integer");
    expect(said).toContain("at '/services/bots': additional properties 'replicaz' not allowed");
    expect(said).toContain("at '': additional properties 'gatewy' not allowed");
    expect(r.lint.length).toBeGreaterThan(0);
    expect(r.objects).toEqual([]);
    expect(passed(r)).toBe(false);
  });

  it("keeps telegram to one poller and env free of the chart's own variables", () => {
    const said = problems(check({ services: { telegram: { replicas: 2 }, chat: { env: { PORT: "1" } } } }));
    expect(said.join("\n")).toContain("at '/services/telegram/replicas': maximum: got 2, want 1");
    expect(said.join("\n")).toContain("invalid propertyName 'PORT'");
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
      valueFrom: { secretKeyRef: { name: "dirabot-access", key: "NATS_URL_BOTS" } },
    });
    // PUBLIC_URL, LOG_LEVEL and the other shared settings come from the ConfigMap (envFrom).
    expect(rec(named(r, "ConfigMap", "dirabot")?.data)).toMatchObject({
      PUBLIC_URL: "http://dirabot.local",
      LOG_LEVEL: "info",
      DATA_DIR: "/data",
    });
  });

  it("gives each process its own database role and NATS user, and the release's database URL to the Job alone", () => {
    const r = check();
    const ref = (d: K8sObject, name: string) =>
      rec(rec(env(d).find((e) => e.name === name)?.valueFrom).secretKeyRef);
    for (const d of deployments(r)) {
      const name = str(envValue(d, "SERVICES"));
      const key = name.toUpperCase().replaceAll("-", "_");
      expect(ref(d, "NATS_URL")).toEqual({ name: "dirabot-access", key: `NATS_URL_${key}` });
      if (name === "gateway") expect(ref(d, "DATABASE_URL")).toEqual({});
      else expect(ref(d, "DATABASE_URL")).toEqual({ name: "dirabot-access", key: `DATABASE_URL_${key}` });
    }
    const access = rec(named(r, "Secret", "dirabot-access")?.data);
    const url = (k: string) => new URL(Buffer.from(str(access[k]), "base64").toString());
    expect(url("DATABASE_URL_SCRAPER_FACEBOOK").username).toBe("dirabot_scraper_facebook");
    expect(url("NATS_URL_SCRAPER_FACEBOOK").username).toBe("scraper-facebook");
    const job = named(r, "Job", "dirabot-provision") as K8sObject;
    expect(ref(job, "ADMIN_DATABASE_URL")).toEqual({ name: "dirabot", key: "DATABASE_URL" });
    // The NATS users are the generated ones, their passwords the Secret's.
    const auth = str(rec(named(r, "ConfigMap", "dirabot-nats-auth")?.data)["auth.conf"]);
    expect(auth).toBe(readFileSync(join(chartDir, "files/nats-authorization.conf"), "utf8"));
    for (const c of COMPONENTS)
      expect(access).toHaveProperty(`NATS_PASSWORD_${c.toUpperCase().replaceAll("-", "_")}`);
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
    const r = checkChart(chartDir, "test", [], { releaseName: "dirabot-staging" });
    expect(problems(r)).toEqual([]);
    expect(named(r, "Service", "dirabot-staging-gateway")).toBeDefined();
  });
});

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the chart in a temp folder with one template edited. */
function withTemplate(file: string, from: string, to: string): string {
  const dir = mkdtempSync(join(tmpdir(), "dirabot-chart-"));
  copies.push(dir);
  cpSync(chartDir, dir, { recursive: true });
  const path = join(dir, "templates", file);
  const src = readFileSync(path, "utf8");
  expect(src).toContain(from);
  writeFileSync(path, src.replace(from, to));
  return dir;
}

/** `npm run chart:check` on another copy of the chart, as a process. */
function chartCheck(dir: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [join(import.meta.dirname, "check.ts")], {
    encoding: "utf8",
    env: { ...process.env, CHART_DIR: dir },
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe("the checker catches a broken template", () => {
  it("chart:check passes the chart as it is and fails a copy whose template does not parse", () => {
    const good = chartCheck(chartDir);
    expect(good.output).not.toContain("FAIL");
    expect(good.status).toBe(0);
    const broken = chartCheck(withTemplate("_probes.tpl", "{{- define", "{{- defin"));
    expect(broken.status).toBe(1);
    expect(broken.output).toMatch(/values\.yaml +0 .*FAIL/);
    expect(broken.output).toMatch(/values\.yaml: .*_probes\.tpl.*function "defin" not defined/);
  });

  it("chart:check fails a copy with a broken cross-reference and names it", () => {
    const broken = chartCheck(withTemplate("_probes.tpl", "port: internal", "port: metrics"));
    expect(broken.status).toBe(1);
    expect(broken.output).toContain(
      "values.yaml: Deployment/dirabot-bots: container bots: livenessProbe port metrics is not a container port",
    );
  });

  it("reports a probe pointing at a port the container does not have", () => {
    const broken = withTemplate("_probes.tpl", "port: internal", "port: metrics");
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

describe("the trust boundary: service keys", () => {
  const ALL = ["gateway", ...SERVICES];
  const keysSecret = (r: Report, name = "dirabot-service-keys") =>
    Object.fromEntries(
      Object.entries(rec(named(r, "Secret", name)?.data)).map(([k, v]) => [
        k,
        Buffer.from(str(v), "base64").toString(),
      ]),
    );
  const sorted = (list: string) => list.split(",").sort();

  it("gives every process only its own keys, derived from a master generated at install", () => {
    const install = check();
    expect(problems(install)).toEqual([]);
    for (const d of deployments(install)) {
      const name = str(envValue(d, "SERVICES"));
      expect(env(d).find((e) => e.name === "SERVICE_KEYS")).toEqual({
        name: "SERVICE_KEYS",
        valueFrom: { secretKeyRef: { name: "dirabot-service-keys", key: name } },
      });
      expect(env(d).map((e) => e.name)).not.toContain("SERVICE_SECRET");
      expect(JSON.stringify(container(d))).not.toMatch(/"key":"master"/);
    }
    const data = keysSecret(install);
    const master = data.master as string;
    expect(master).toMatch(/^[A-Za-z0-9]{64}$/);
    // The same keys the platform derives (service-keys.ts), for the same pairs (callers.ts).
    expect(Object.keys(data).sort()).toEqual([...ALL, "master"].sort());
    for (const name of ALL) expect(sorted(data[name] as string), name).toEqual(sorted(keysFor(master, name)));
    expect(data["scraper-facebook"]).not.toMatch(/gateway>identity|>identity=/);
    expect(secretValue(install, "SERVICE_SECRET")).toBe("");
    // A second install draws a new master. That an upgrade keeps it (`lookup` of the stored
    // Secret) needs a cluster: helm template has none.
    expect(keysSecret(check()).master).not.toBe(master);
  });

  it("takes a given master, and with an existing Secret of yours still renders the keys", () => {
    const given = keysSecret(
      check(readValues(join(chartDir, "ci/bundled-values.yaml"))),
      "dira-service-keys",
    );
    expect(given.master).toBe("another-long-random-test-secret-for-calls");
    expect(given.identity).toBe(keysFor("another-long-random-test-secret-for-calls", "identity"));
    const ext = check(production);
    expect(problems(ext)).toEqual([]);
    for (const d of deployments(ext))
      expect(env(d).find((e) => e.name === "SERVICE_KEYS")?.valueFrom).toEqual({
        secretKeyRef: { name: "dirabot-service-keys", key: envValue(d, "SERVICES") },
      });
  });

  it("refuses a short master, and a disabled process has no keys", () => {
    expect(problems(check({ secrets: { env: { SERVICE_SECRET: "short" } } })).join("\n")).toContain(
      "at '/secrets/env/SERVICE_SECRET': 'short' does not match pattern '^(.{32,})?$'",
    );
    const r = check({ services: { telegram: { enabled: false } } });
    expect(problems(r)).toEqual([]);
    expect(Object.keys(keysSecret(r))).not.toContain("telegram");
  });
});

describe("the trust boundary: ports, probes and metrics", () => {
  const sets: [string, Values[]][] = [
    ["values.yaml", []],
    ["values-production.yaml", [production]],
    ["ci/bundled-values.yaml (gRPC probes)", [readValues(join(chartDir, "ci/bundled-values.yaml"))]],
  ];

  it.each(sets)("%s: every probe and the metrics annotation target the internal port", (_, values) => {
    const r = check(...values);
    expect(problems(r)).toEqual([]);
    // The optional OSRM router is not a Dirabot process (no settings, no metrics): it listens on
    // the internal port alone, checked below.
    for (const d of deployments(r).filter((x) => !x.metadata.name.endsWith("-osrm"))) {
      const c = container(d);
      const ports = list(c.ports).map(rec);
      const internal = ports.find((p) => p.name === "internal");
      expect(internal?.containerPort, d.metadata.name).toBe(8080);
      for (const kind of ["startupProbe", "livenessProbe", "readinessProbe"]) {
        const probe = rec(c[kind]);
        const port = rec(probe.httpGet).port ?? rec(probe.grpc).port;
        expect(["internal", 8080], `${d.metadata.name} ${kind}`).toContain(port);
      }
      const annotations = rec(rec(rec(d.spec).template).metadata).annotations as Record<string, string>;
      if (annotations["prometheus.io/port"] !== undefined)
        expect(annotations["prometheus.io/port"]).toBe("8080");
      expect(envValue(d, "INTERNAL_PORT")).toBe("8080");
      expect(envValue(d, "INTERNAL_HOST")).toBe("0.0.0.0");
    }
  });

  it("the optional OSRM router listens on the internal port only, and the processes are told its address", () => {
    const r = check(readValues(join(chartDir, "ci/bundled-values.yaml")));
    const osrm = named(r, "Deployment", "dira-osrm") as K8sObject;
    expect(list(container(osrm).ports)).toEqual([{ name: "internal", containerPort: 8080, protocol: "TCP" }]);
    const config = named(r, "ConfigMap", "dira") as K8sObject & { data: Record<string, string> };
    expect([config.data.ROUTING_URL, config.data.ROUTING_MODES]).toEqual([
      "http://dira-osrm:8080",
      "driving,cycling",
    ]);
    const plain = check();
    const off = named(plain, "ConfigMap", "dirabot") as K8sObject & { data: Record<string, string> };
    expect(off.data.ROUTING_URL).toBeUndefined();
    expect(named(plain, "Deployment", "dirabot-osrm")).toBeUndefined();
  });

  it("gives the gateway a public and an internal port, and each service its internal port only", () => {
    const r = check(readValues(join(chartDir, "ci/minimal-values.yaml")));
    expect(problems(r)).toEqual([]);
    const gateway = named(r, "Deployment", "dirabot-gateway") as K8sObject;
    expect(list(container(gateway).ports)).toEqual([
      { name: "http", containerPort: 3000, protocol: "TCP" },
      { name: "internal", containerPort: 8080, protocol: "TCP" },
    ]);
    expect([envValue(gateway, "PORT"), envValue(gateway, "INTERNAL_PORT")]).toEqual(["3000", "8080"]);
    // The NodePort Service carries the public port only; the internal one stays ClusterIP.
    expect(rec(named(r, "Service", "dirabot-gateway")?.spec)).toMatchObject({
      type: "NodePort",
      ports: [{ name: "http", port: 8080, targetPort: "http", protocol: "TCP" }],
    });
    expect(rec(named(r, "Service", "dirabot-gateway-internal")?.spec)).toMatchObject({
      type: "ClusterIP",
      ports: [{ name: "internal", port: 8080, targetPort: "internal", protocol: "TCP" }],
    });
    expect(JSON.stringify(rec(named(r, "Ingress", "dirabot")?.spec).rules)).toContain(
      '"port":{"name":"http"}',
    );
    for (const name of ["identity", "bots", "chat", "listings", "notifications"]) {
      const d = named(r, "Deployment", `dirabot-${name}`) as K8sObject;
      expect(list(container(d).ports)).toEqual([{ name: "internal", containerPort: 8080, protocol: "TCP" }]);
      expect([envValue(d, "PORT"), envValue(d, "INTERNAL_PORT")]).toEqual(["8080", "8080"]);
      expect(rec(named(r, "Service", `dirabot-${name}`)?.spec).ports).toEqual([
        { name: "internal", port: 8080, targetPort: "internal", protocol: "TCP" },
      ]);
      // What the other processes dial is that Service port.
      expect(envValue(gateway, `${name.toUpperCase()}_SERVICE_URL`)).toBe(`http://dirabot-${name}:8080`);
    }
  });

  it("ServiceMonitors scrape /metrics on the internal port only, never the gateway's public Service", () => {
    const r = check(production);
    const monitors = r.objects.filter((o) => o.kind === "ServiceMonitor");
    expect(monitors).toHaveLength(9);
    const services = r.objects.filter((o) => o.kind === "Service");
    for (const sm of monitors) {
      expect(rec(sm.spec).endpoints).toEqual([{ port: "internal", path: "/metrics", interval: "30s" }]);
      const selector = rec(rec(sm.spec).selector).matchLabels as Record<string, string>;
      const scraped = services.filter((svc) => selects(selector, svc.metadata.labels ?? {}));
      expect(scraped, sm.metadata.name).toHaveLength(1);
      const ports = list(rec(scraped[0]?.spec).ports).map(rec);
      expect(ports.find((p) => p.name === "internal")?.targetPort).toBe("internal");
      expect(scraped[0]?.metadata.name).not.toBe("dirabot-gateway");
    }
    expect(named(r, "ServiceMonitor", "dirabot-gateway")).toBeDefined();
  });

  it("tells the gateway, and only the gateway, to trust one proxy", () => {
    const r = check();
    for (const d of deployments(r)) {
      expect(envValue(d, "TRUST_PROXY"), d.metadata.name).toBe(
        d.metadata.name === "dirabot-gateway" ? "1" : undefined,
      );
    }
    const two = check({ gateway: { trustProxy: 2 } });
    expect(envValue(named(two, "Deployment", "dirabot-gateway") as K8sObject, "TRUST_PROXY")).toBe("2");
    expect(problems(check({ gateway: { env: { TRUST_PROXY: "5" } } })).join("\n")).toContain(
      "invalid propertyName 'TRUST_PROXY'",
    );
  });
});

describe("NetworkPolicies", () => {
  const NS = "default";
  const pods = (r: Report) =>
    new Map(workloads(r.objects).map((w) => [w.obj.metadata.name.replace(/^dirabot-/, ""), podOf(w, NS)]));
  const pod = (namespace: string, labels: Record<string, string> = {}): Endpoint => ({
    pod: { namespace, namespaceLabels: { "kubernetes.io/metadata.name": namespace }, labels },
  });
  const nginx = pod("ingress-nginx", { "app.kubernetes.io/name": "ingress-nginx" });
  const prometheus = pod("monitoring", { "app.kubernetes.io/name": "prometheus" });
  const stranger = pod("tenant", { app: "other" });

  it("render as valid objects, on by default and off on request", () => {
    const r = check();
    expect(problems(r)).toEqual([]);
    expect(
      r.objects
        .filter((o) => o.kind === "NetworkPolicy")
        .map((o) => o.metadata.name)
        .sort(),
    ).toEqual(["dirabot", "dirabot-gateway-public", "dirabot-internet"]);
    expect(check({ networkPolicy: { enabled: false } }).objects.some((o) => o.kind === "NetworkPolicy")).toBe(
      false,
    );
  });

  it("let the ingress controller reach the gateway's public port and nothing else", () => {
    for (const values of [[], [production]]) {
      const r = check(...values);
      const p = pods(r);
      const allow = (from: Endpoint, to: string, port: number) =>
        connectionAllowed(r.objects, NS, from, p.get(to) as Endpoint, port);
      expect(allow(nginx, "gateway", 3000)).toBe(true);
      expect(allow(nginx, "gateway", 8080)).toBe(false);
      for (const name of SERVICES) expect(allow(nginx, name, 8080), name).toBe(false);
      // No address outside the cluster reaches any port by default.
      expect(allow({ ip: "203.0.113.7" }, "gateway", 3000)).toBe(false);
    }
    // By default only the ingress controller's namespace: a pod elsewhere in the cluster could
    // otherwise write X-Forwarded-For, which TRUST_PROXY=1 believes.
    const plain = check();
    const gateway = pods(plain).get("gateway") as Endpoint;
    expect(connectionAllowed(plain.objects, NS, stranger, gateway, 3000)).toBe(false);
    expect(connectionAllowed(plain.objects, NS, pod(NS, { app: "neighbour" }), gateway, 3000)).toBe(false);
    expect(connectionAllowed(plain.objects, NS, pod("ingress-nginx", { app: "x" }), gateway, 3000)).toBe(
      true,
    );
    // Narrowed (production): only the controller's pods, not a pod of another namespace.
    const prod = check(production);
    const gw = pods(prod).get("gateway") as Endpoint;
    expect(connectionAllowed(prod.objects, NS, stranger, gw, 3000)).toBe(false);
    expect(connectionAllowed(prod.objects, NS, pod("ingress-nginx", { app: "x" }), gw, 3000)).toBe(false);
  });

  it("keep every internal port to the release's pods and the monitoring peers", () => {
    const r = check();
    const p = pods(r);
    const at = (name: string) => p.get(name) as Endpoint;
    for (const name of ["gateway", ...SERVICES]) {
      expect(connectionAllowed(r.objects, NS, prometheus, at(name), 8080), name).toBe(true);
      expect(connectionAllowed(r.objects, NS, stranger, at(name), 8080), name).toBe(false);
      expect(connectionAllowed(r.objects, NS, pod(NS, { app: "intruder" }), at(name), 8080), name).toBe(
        false,
      );
    }
    expect(connectionAllowed(r.objects, NS, at("gateway"), at("bots"), 8080)).toBe(true);
    expect(connectionAllowed(r.objects, NS, at("bots"), at("listings"), 8080)).toBe(true);
    expect(connectionAllowed(r.objects, NS, at("bots"), at("gateway"), 3000)).toBe(false);
    // The public port is the ingress controller's alone once that is narrowed (production).
    const prod = check(production);
    expect(connectionAllowed(prod.objects, NS, prometheus, pods(prod).get("gateway") as Endpoint, 3000)).toBe(
      false,
    );
    expect(connectionAllowed(prod.objects, NS, prometheus, pods(prod).get("gateway") as Endpoint, 8080)).toBe(
      true,
    );
  });

  it("let out DNS, the engines and, for the components that need it, the public internet", () => {
    const r = check();
    const p = pods(r);
    const at = (name: string) => p.get(name) as Endpoint;
    const out = (from: string, to: Endpoint, port: number, protocol = "TCP") =>
      connectionAllowed(r.objects, NS, at(from), to, port, protocol);
    const telegramApi = { ip: "149.154.167.220" };
    for (const name of [
      "gateway",
      "identity",
      "listings",
      "notifications",
      "telegram",
      "scraper-yad2",
      "scraper-facebook",
    ])
      expect(out(name, telegramApi, 443), name).toBe(true);
    for (const name of ["bots", "chat"]) expect(out(name, telegramApi, 443), name).toBe(false);
    expect(out("telegram", { ip: "2001:67c:4e8:f004::9" }, 443)).toBe(true);
    for (const ip of ["10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "fd00::1"])
      expect(out("scraper-yad2", { ip }, 443), ip).toBe(false);
    // The private IPv4 ranges in the IPv6 forms that carry them (NAT64, 6to4, compatible, mapped,
    // Teredo) stay in too; the public IPv4 internet through NAT64 or 6to4 stays open.
    for (const ip of [
      "64:ff9b::a00:1",
      "64:ff9b::6440:1",
      "64:ff9b::7f00:1",
      "64:ff9b::a9fe:a9fe",
      "64:ff9b::ac14:1",
      "64:ff9b::c0a8:101",
      "64:ff9b:1::a00:1",
      "::a00:1",
      "::ffff:a9fe:a9fe",
      "2002:7f00:1::",
      "2002:a9fe:a9fe::1",
      "2002:ac1f:ffff::1",
      "2001:0:4136:e378:8000:63bf:f5ff:fffe",
    ])
      expect(out("notifications", { ip }, 443), ip).toBe(false);
    for (const ip of ["64:ff9b::808:808", "64:ff9b::ac20:1", "2002:808:808::1", "2002:c0a9::1"])
      expect(out("notifications", { ip }, 443), ip).toBe(true);
    expect(out("telegram", telegramApi, 22)).toBe(false);
    for (const name of ["gateway", ...SERVICES]) {
      expect(out(name, { ip: "10.96.0.10" }, 53, "UDP"), name).toBe(true);
      expect(out(name, pod(NS, { "app.kubernetes.io/name": "postgresql" }), 5432), name).toBe(true);
      expect(out(name, pod(NS, { "app.kubernetes.io/name": "nats" }), 4222), name).toBe(true);
      expect(out(name, pod(NS, { "app.kubernetes.io/name": "redis" }), 6379), name).toBe(true);
      expect(out(name, pod("databases"), 5432), name).toBe(false);
    }
    // Managed engines at the production values' addresses, on their ports only.
    const prod = check(production);
    const bots = pods(prod).get("bots") as Endpoint;
    expect(connectionAllowed(prod.objects, NS, bots, { ip: "10.10.3.4" }, 5432)).toBe(true);
    expect(connectionAllowed(prod.objects, NS, bots, { ip: "10.10.3.4" }, 22)).toBe(false);
    expect(connectionAllowed(prod.objects, NS, bots, { ip: "10.11.3.4" }, 5432)).toBe(false);
  });

  it("the checker reports a policy port no selected pod has", () => {
    const broken = withTemplate("networkpolicy.yaml", "        - port: http\n", "        - port: web\n");
    expect(checkChart(broken, "broken", []).refs).toContain(
      "NetworkPolicy/dirabot-gateway-public: ingress port web is on none of the pods it selects",
    );
  });
});
