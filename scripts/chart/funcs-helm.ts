// The functions Helm adds on top of Sprig, and the table of every function the renderer knows.
import { stringify } from "yaml";
import { dataFuncs } from "./funcs-data.ts";
import { def, stringFuncs } from "./funcs-strings.ts";
import { isMap } from "./go-values.ts";
import { ExecutionError, type FuncDef } from "./tpl-funcdef.ts";

/** Helm's toYaml: sigs.k8s.io/yaml output (sorted keys, unindented lists), trailing newline cut. */
export function toYaml(v: unknown): string {
  const text = stringify(v ?? null, { version: "1.1", sortMapEntries: true, indentSeq: false, lineWidth: 0 });
  return text.replace(/\n$/, "");
}

/** encoding/json: sorted map keys, ints as ints, and <, >, & escaped as Go does by default. */
export function toJson(v: unknown): string {
  const sorted = (x: unknown): unknown => {
    if (typeof x === "bigint") return Number(x);
    if (Array.isArray(x)) return x.map(sorted);
    if (isMap(x))
      return Object.fromEntries(
        Object.keys(x)
          .sort()
          .map((k) => [k, sorted(x[k])]),
      );
    return x ?? null;
  };
  return JSON.stringify(sorted(v))
    .replaceAll("<", "\\u003c")
    .replaceAll(">", "\\u003e")
    .replaceAll("&", "\\u0026");
}

/** Objects already in the cluster, for `lookup` (an upgrade); none for `helm template`. */
export type ClusterObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  [field: string]: unknown;
};

function lookupIn(cluster: ClusterObject[]): FuncDef {
  return def(
    ["string", "string", "string", "string"],
    ([apiVersion, kind, namespace, name]: [string, string, string, string]) => {
      const found = cluster.find(
        (o) =>
          o.apiVersion === apiVersion &&
          o.kind === kind &&
          (o.metadata.namespace ?? "default") === (namespace || "default") &&
          o.metadata.name === name,
      );
      // Helm answers an empty map when nothing matches (and always under `helm template`).
      return found ? structuredClone(found) : {};
    },
  );
}

const helmFuncs: Record<string, FuncDef> = {
  include: def(["string", "any"], ([name, data]: [string, unknown], ctx) =>
    ctx.engine.execute(name, data, ctx.depth),
  ),
  required: def(["string", "any"], ([message, value]: [string, unknown]) => {
    if (value === null || value === undefined || value === "") throw new ExecutionError(message);
    return value;
  }),
  fail: def(["string"], ([message]: [string]) => {
    throw new ExecutionError(message);
  }),
  toYaml: def(["any"], ([v]: [unknown]) => toYaml(v)),
  toJson: def(["any"], ([v]: [unknown]) => toJson(v)),
};

/** Every function the renderer knows; `lookup` sees `cluster` (empty: `helm template`, `--dry-run`). */
export function templateFuncs(cluster: ClusterObject[] = []): Map<string, FuncDef> {
  return new Map(Object.entries({ ...stringFuncs, ...dataFuncs, ...helmFuncs, lookup: lookupIn(cluster) }));
}
