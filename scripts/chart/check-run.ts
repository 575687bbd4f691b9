// One check of the chart with one set of values files: schema, render, Kubernetes schemas and
// rules, cross-references. Used by check.ts (the CLI) and the tests.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isMap } from "./go-values.ts";
import {
  type Chart,
  loadChart,
  mergeValues,
  parseYaml,
  type RenderOptions,
  renderChart,
  splitManifests,
  type Values,
} from "./helm-render.ts";
import { checkRefs, type RefContext } from "./k8s-refs.ts";
import { checkRules } from "./k8s-rules.ts";
import { rec, str } from "./k8s-util.ts";
import { type K8sObject, validateObject } from "./k8s-validate.ts";
import { loadValuesSchema, type ValuesValidator } from "./values-schema.ts";

export type ChartUnderTest = {
  dir: string;
  chart: Chart;
  validateValues: ValuesValidator;
  secretKeys: Set<string>;
};

export type Report = {
  name: string;
  values: Values;
  objects: K8sObject[];
  notes: string;
  schema: string[];
  render: string[];
  k8s: string[];
  refs: string[];
};

/** The keys README.md documents for secrets.existingSecret, between its secret-keys markers. */
export function documentedSecretKeys(readme: string): Set<string> {
  const section = /<!-- secret-keys:start -->([\s\S]*?)<!-- secret-keys:end -->/.exec(readme)?.[1];
  if (section === undefined) throw new Error("README.md has no <!-- secret-keys:start/end --> section");
  return new Set([...section.matchAll(/^\|\s*`([^`]+)`/gm)].map((m) => m[1] as string));
}

export function loadChartUnderTest(dir: string): ChartUnderTest {
  return {
    dir,
    chart: loadChart(dir),
    validateValues: loadValuesSchema(join(dir, "values.schema.json")),
    secretKeys: documentedSecretKeys(readFileSync(join(dir, "README.md"), "utf8")),
  };
}

function refContext(values: Values, secretKeys: Set<string>): RefContext {
  const existingSecrets = new Map<string, Set<string>>();
  const appSecret = str(rec(values.secrets).existingSecret);
  if (appSecret) existingSecrets.set(appSecret, new Set(secretKeys));
  for (const [block, bundled] of [
    ["externalDatabase", "postgresql"],
    ["externalNats", "nats"],
    ["externalRedis", "redis"],
  ]) {
    const ext = rec(values[block as string]);
    if (str(ext.existingSecret) && rec(values[bundled as string]).enabled !== true) {
      const keys = existingSecrets.get(str(ext.existingSecret)) ?? new Set<string>();
      existingSecrets.set(str(ext.existingSecret), keys.add(str(ext.existingSecretKey)));
    }
  }
  const sa = rec(values.serviceAccount);
  return sa.create === false
    ? { existingSecrets, externalServiceAccount: str(sa.name) || "default" }
    : { existingSecrets };
}

function parseObjects(files: Map<string, string>, errors: string[]): K8sObject[] {
  const objects: K8sObject[] = [];
  for (const [file, content] of files) {
    for (const doc of splitManifests(content)) {
      try {
        const obj = parseYaml(doc, file);
        const meta = isMap(obj) ? obj.metadata : undefined;
        if (
          !isMap(obj) ||
          typeof obj.apiVersion !== "string" ||
          typeof obj.kind !== "string" ||
          !isMap(meta) ||
          !meta.name
        ) {
          errors.push(`${file}: a document without apiVersion, kind and metadata.name`);
        } else {
          objects.push(obj as K8sObject);
        }
      } catch (err) {
        errors.push(`${file}: ${(err as Error).message.split("\n")[0]}`);
      }
    }
  }
  return objects;
}

export function checkChart(
  cut: ChartUnderTest,
  name: string,
  userValues: Values[],
  opts: RenderOptions = {},
): Report {
  const values = mergeValues(cut.chart, userValues);
  const report: Report = { name, values, objects: [], notes: "", schema: [], render: [], k8s: [], refs: [] };
  report.schema = cut.validateValues(values);
  if (report.schema.length > 0) return report; // helm install stops here too
  try {
    const rendered = renderChart(cut.chart, userValues, opts);
    report.notes = rendered.notes;
    report.objects = parseObjects(rendered.files, report.k8s);
  } catch (err) {
    report.render.push((err as Error).message);
    return report;
  }
  report.k8s.push(...report.objects.flatMap(validateObject), ...checkRules(report.objects));
  report.refs = checkRefs(report.objects, refContext(values, cut.secretKeys));
  return report;
}

export function passed(r: Report): boolean {
  return r.schema.length + r.render.length + r.k8s.length + r.refs.length === 0 && r.objects.length > 0;
}
