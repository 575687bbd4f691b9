// Loads a chart directory and renders it the way `helm template` does: values files merged
// over the chart's defaults, `.Release/.Chart/.Capabilities/.Template` built, every
// non-partial template executed, NOTES.txt rendered on its own.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { type ClusterObject, templateFuncs } from "./funcs-helm.ts";
import { goStruct, isMap } from "./go-values.ts";
import { Engine } from "./tpl-exec.ts";

export type Values = Record<string, unknown>;

export type Chart = { name: string; meta: Values; defaults: Values; templates: Map<string, string> };

export type RenderOptions = {
  releaseName?: string;
  namespace?: string;
  kubeVersion?: string;
  apiVersions?: string[];
  /** Objects already installed (an upgrade): what `lookup` finds. */
  cluster?: ClusterObject[];
};

export type Rendered = { values: Values; files: Map<string, string>; notes: string };

/** Helm reads YAML through sigs.k8s.io/yaml (YAML 1.1: `yes`/`on` are booleans). */
export function parseYaml(text: string, where: string): unknown {
  try {
    return parse(text, { version: "1.1", uniqueKeys: true, prettyErrors: true });
  } catch (err) {
    throw new Error(`${where}: ${(err as Error).message}`);
  }
}

export function readValues(path: string): Values {
  const doc = parseYaml(readFileSync(path, "utf8"), path) ?? {};
  if (!isMap(doc)) throw new Error(`${path}: a values file must be a map`);
  return doc;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}

export function loadChart(dir: string): Chart {
  const meta = parseYaml(readFileSync(join(dir, "Chart.yaml"), "utf8"), "Chart.yaml");
  if (!isMap(meta) || typeof meta.name !== "string") throw new Error(`${dir}/Chart.yaml: missing name`);
  const templates = new Map<string, string>();
  const tdir = join(dir, "templates");
  for (const file of listFiles(tdir).sort()) {
    templates.set(`${meta.name}/templates/${relative(tdir, file)}`, readFileSync(file, "utf8"));
  }
  return { name: meta.name, meta, defaults: readValues(join(dir, "values.yaml")), templates };
}

/** Helm's coalescing: user values win, maps merge deeply, an explicit null deletes a default. */
export function coalesce(defaults: Values, user: Values): Values {
  const out: Values = { ...defaults };
  for (const [key, value] of Object.entries(user)) {
    const base = out[key];
    if (value === null) delete out[key];
    else if (isMap(base) && isMap(value)) out[key] = coalesce(base, value);
    else out[key] = structuredClone(value);
  }
  return out;
}

/** Several `-f` files merge left to right first; their nulls survive to delete defaults. */
function mergeUser(a: Values, b: Values): Values {
  const out: Values = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const base = out[key];
    out[key] = isMap(base) && isMap(value) ? mergeUser(base, value) : value;
  }
  return out;
}

const GO_FIELD: Record<string, string> = { apiVersion: "APIVersion", kubeVersion: "KubeVersion" };

function chartStruct(meta: Values): unknown {
  const fields: Values = {};
  for (const [key, value] of Object.entries(meta)) {
    fields[GO_FIELD[key] ?? key.charAt(0).toUpperCase() + key.slice(1)] = value;
  }
  for (const f of ["Name", "Version", "AppVersion", "Description", "Type", "Home", "Icon", "KubeVersion"]) {
    fields[f] ??= "";
  }
  return goStruct("*chart.Metadata", fields);
}

const DEFAULT_APIS = ["v1", "apps/v1", "autoscaling/v2", "policy/v1", "networking.k8s.io/v1", "batch/v1"];

function capabilities(opts: RenderOptions): unknown {
  const version = opts.kubeVersion ?? "v1.31.0";
  const [major = "1", minor = "31"] = version.replace(/^v/, "").split(".");
  const apis = new Set([...DEFAULT_APIS, ...(opts.apiVersions ?? [])]);
  return goStruct("*chartutil.Capabilities", {
    KubeVersion: goStruct("chartutil.KubeVersion", { Version: version, Major: major, Minor: minor }),
    APIVersions: goStruct("chartutil.VersionSet", { Has: (api: unknown) => apis.has(String(api)) }),
  });
}

/** The values templates see: the user's files (left to right) coalesced over the defaults. */
export function mergeValues(chart: Chart, userValues: Values[]): Values {
  return coalesce(chart.defaults, userValues.reduce<Values>(mergeUser, {}));
}

export function renderChart(chart: Chart, userValues: Values[], opts: RenderOptions = {}): Rendered {
  const values = mergeValues(chart, userValues);
  const engine = new Engine(templateFuncs(opts.cluster));
  for (const [name, src] of chart.templates) engine.add(name, src);
  const top = {
    Values: values,
    Chart: chartStruct(chart.meta),
    Capabilities: capabilities(opts),
    Release: {
      Name: opts.releaseName ?? "dirabot",
      Namespace: opts.namespace ?? "default",
      IsInstall: !opts.cluster,
      IsUpgrade: Boolean(opts.cluster),
      Revision: 1n,
      Service: "Helm",
    },
  };
  const basePath = `${chart.name}/templates`;
  const files = new Map<string, string>();
  let notes = "";
  for (const name of chart.templates.keys()) {
    const base = name.slice(name.lastIndexOf("/") + 1);
    if (base.startsWith("_")) continue;
    const out = engine.execute(name, { ...top, Template: { Name: name, BasePath: basePath } });
    if (base === "NOTES.txt") notes = out;
    else files.set(name, out);
  }
  return { values, files, notes };
}

/** Helm's manifest split: documents separated by `---` lines; blank documents dropped. */
export function splitManifests(content: string): string[] {
  return content
    .split(/(?:^|\n)---[ \t]*(?:#[^\n]*)?(?=\n|$)/)
    .filter((doc) => doc.replace(/#[^\n]*/g, "").trim().length > 0);
}
