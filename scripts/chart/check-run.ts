// One check of a chart with one list of values: real `helm lint --strict` and `helm template`
// (which also hold the values to values.schema.json), then every rendered object against its
// Kubernetes or CRD schema, the API-server rules and the cross-references no schema sees.
// Used by check.ts (the CLI) and the tests.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseAllDocuments, parse as parseYaml } from "yaml";
import { helmPath } from "./helm-bin.ts";
import { checkRefs, type RefContext } from "./k8s-refs.ts";
import { checkRules } from "./k8s-rules.ts";
import { type Rec, rec, str } from "./k8s-util.ts";
import { type K8sObject, validateObject } from "./k8s-validate.ts";
import { COMPONENTS } from "./values-schema.ts";

export type Values = Rec;

export type Report = {
  name: string;
  objects: K8sObject[];
  lint: string[];
  render: string[];
  k8s: string[];
  refs: string[];
};

export type CheckOptions = { releaseName?: string; namespace?: string };

/** The keys README.md documents for secrets.existingSecret, between its secret-keys markers. */
export function documentedSecretKeys(readme: string): Set<string> {
  const section = /<!-- secret-keys:start -->([\s\S]*?)<!-- secret-keys:end -->/.exec(readme)?.[1];
  if (section === undefined) throw new Error("README.md has no <!-- secret-keys:start/end --> section");
  return new Set([...section.matchAll(/^\|\s*`([^`]+)`/gm)].map((m) => m[1] as string));
}

export function readValues(file: string): Values {
  return rec(parseYaml(readFileSync(file, "utf8")));
}

function helm(args: string[]): { ok: boolean; out: string; err: string } {
  const r = spawnSync(helmPath(), args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { ok: r.status === 0, out: r.stdout, err: r.stderr };
}

const NOISE =
  /^(==> Linting|\[INFO\]|\d+ chart\(s\) linted|Error: \d+ chart\(s\) linted|Use --debug flag|level=)/;

/** Helm's complaints, one entry per [ERROR]/[WARNING]/Error: with its continuation lines. */
function complaints(output: string): string[] {
  const entries: string[] = [];
  for (const line of output.split("\n").map((l) => l.trimEnd())) {
    if (line.trim() === "" || NOISE.test(line)) continue;
    if (/^(\[(ERROR|WARNING)\]|Error:)/.test(line) || entries.length === 0) entries.push(line);
    else entries[entries.length - 1] += `\n    ${line.trim()}`;
  }
  return entries.length > 0 ? entries : [output.trim() || "helm failed without a message"];
}

/** Later values win, key by key, like Helm's own merge of several -f files. */
function merged(values: Values[]): Values {
  const merge = (a: Rec, b: Rec): Rec => {
    const out: Rec = { ...a };
    for (const [k, v] of Object.entries(b)) {
      const prev = out[k];
      out[k] = rec(v) === v && rec(prev) === prev ? merge(prev as Rec, v as Rec) : v;
    }
    return out;
  };
  return values.reduce(merge, {});
}

function refContext(values: Values, secretKeys: Set<string>): RefContext {
  const existingSecrets = new Map<string, Set<string>>();
  const appSecret = str(rec(values.secrets).existingSecret);
  if (appSecret) existingSecrets.set(appSecret, new Set(secretKeys));
  for (const [block, bundled] of [
    ["externalDatabase", "postgresql"],
    ["externalNats", "nats"],
    ["externalRedis", "redis"],
  ] as const) {
    const ext = rec(values[block]);
    if (str(ext.existingSecret) && rec(values[bundled]).enabled !== true) {
      const keys = existingSecrets.get(str(ext.existingSecret)) ?? new Set<string>();
      existingSecrets.set(str(ext.existingSecret), keys.add(str(ext.existingSecretKey)));
    }
  }
  // Each component's own credentials (README "Least privilege").
  const access = str(rec(values.access).existingSecret);
  if (access) {
    const keyOf = (kind: string, c: string) => `${kind}_${c.toUpperCase().replaceAll("-", "_")}`;
    const kinds = ["DATABASE_URL", "NATS_URL", "NATS_PASSWORD"];
    existingSecrets.set(access, new Set(COMPONENTS.flatMap((c) => kinds.map((k) => keyOf(k, c)))));
  }
  const sa = rec(values.serviceAccount);
  return sa.create === false
    ? { existingSecrets, externalServiceAccount: str(sa.name) || "default" }
    : { existingSecrets };
}

/** `helm template`'s output as objects; YAML 1.1, as Kubernetes reads it. */
export function parseManifests(output: string, errors: string[]): K8sObject[] {
  const objects: K8sObject[] = [];
  for (const doc of parseAllDocuments(output, { version: "1.1" })) {
    const source = /# Source: (\S+)/.exec(doc.commentBefore ?? "")?.[1] ?? "(helm output)";
    if (doc.errors.length > 0) {
      errors.push(`${source}: ${doc.errors[0]?.message.split("\n")[0]}`);
      continue;
    }
    const obj = doc.toJS() as unknown;
    if (obj === null || obj === undefined) continue; // an empty document
    const meta = rec(rec(obj).metadata);
    if (typeof rec(obj).apiVersion !== "string" || typeof rec(obj).kind !== "string" || !str(meta.name)) {
      errors.push(`${source}: a document without apiVersion, kind and metadata.name`);
    } else {
      objects.push(obj as K8sObject);
    }
  }
  return objects;
}

/**
 * Lints and renders `chartDir` with the values (later ones win), then checks what it renders.
 * `secretKeys` are the keys an existing application Secret is documented to hold.
 */
export function checkChart(
  chartDir: string,
  name: string,
  values: Values[],
  opts: CheckOptions & { secretKeys?: Set<string> } = {},
): Report {
  const report: Report = { name, objects: [], lint: [], render: [], k8s: [], refs: [] };
  const secretKeys =
    opts.secretKeys ?? documentedSecretKeys(readFileSync(join(chartDir, "README.md"), "utf8"));
  const dir = mkdtempSync(join(tmpdir(), "chart-values-"));
  try {
    const files = values.flatMap((v, i) => {
      const file = join(dir, `${i}.json`);
      writeFileSync(file, JSON.stringify(v));
      return ["-f", file];
    });
    const release = opts.releaseName ?? "dirabot";
    const namespace = ["--namespace", opts.namespace ?? "default"];
    const lint = helm(["lint", "--strict", chartDir, ...namespace, ...files]);
    if (!lint.ok) report.lint = complaints(`${lint.out}\n${lint.err}`);
    const rendered = helm(["template", release, chartDir, ...namespace, ...files]);
    if (!rendered.ok) {
      report.render = complaints(rendered.err);
      return report;
    }
    report.objects = parseManifests(rendered.out, report.k8s);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  report.k8s.push(...report.objects.flatMap(validateObject), ...checkRules(report.objects));
  // The chart's defaults and the values given: what the templates saw.
  const all = merged([readValues(join(chartDir, "values.yaml")), ...values]);
  report.refs = checkRefs(report.objects, refContext(all, secretKeys));
  return report;
}

export function problems(r: Report): string[] {
  return [...r.lint, ...r.render, ...r.k8s, ...r.refs];
}

export function passed(r: Report): boolean {
  return problems(r).length === 0 && r.objects.length > 0;
}
