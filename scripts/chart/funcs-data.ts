// Go builtins and Sprig functions on values: logic, comparison, dicts and lists.

import { def } from "./funcs-strings.ts";
import { strval } from "./go-fmt.ts";
import { goEqual, goLess, isMap, isTrue, kindOf, typeName } from "./go-values.ts";
import type { FuncDef } from "./tpl-funcdef.ts";

type Dict = Record<string, unknown>;

/** mergo.Merge without overwrite: fills keys that are missing or empty in dst, recursing into maps. */
function mergeInto(dst: Dict, src: Dict): Dict {
  for (const [key, value] of Object.entries(src)) {
    const current = dst[key];
    if (isMap(current) && isMap(value)) mergeInto(current, value);
    else if (!isTrue(current) && !isMap(current)) dst[key] = value;
  }
  return dst;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (kindOf(a) !== kindOf(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((x, i) => deepEqual(x, (b as unknown[])[i]));
  if (isMap(a)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b as Dict).length && keys.every((k) => deepEqual(a[k], (b as Dict)[k]))
    );
  }
  return a === b;
}

function index(item: unknown, keys: unknown[]): unknown {
  let value = item;
  for (const key of keys) {
    if (value === null || value === undefined) throw new Error("index of untyped nil");
    if (isMap(value)) {
      if (typeof key !== "string") throw new Error(`value has type ${typeName(key)}; should be string`);
      value = Object.hasOwn(value, key) ? value[key] : undefined;
    } else if (Array.isArray(value)) {
      if (typeof key !== "bigint") throw new Error(`cannot index slice/array with type ${typeName(key)}`);
      if (key < 0n || key >= BigInt(value.length)) throw new Error(`index out of range: ${key}`);
      value = value[Number(key)];
    } else {
      throw new Error(`can't index item of type ${typeName(value)}`);
    }
  }
  return value;
}

/** cast.ToInt as Sprig's `int` uses it: floats truncate, strings parse, anything else is 0. */
function toInt(v: unknown): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "number") return BigInt(Math.trunc(v));
  if (typeof v === "boolean") return v ? 1n : 0n;
  if (typeof v === "string" && /^[-+]?\d+$/.test(v.trim())) return BigInt(v.trim());
  return 0n;
}

function compare(test: (a: unknown, b: unknown) => boolean): FuncDef {
  return def(["any", "any"], ([a, b]: [unknown, unknown]) => test(a, b));
}

export const dataFuncs: Record<string, FuncDef> = {
  and: { params: [], rest: "any", lazy: "and", fn: () => undefined },
  or: { params: [], rest: "any", lazy: "or", fn: () => undefined },
  not: def(["any"], ([v]: [unknown]) => !isTrue(v)),
  eq: def(["any", "any"], ([a, ...bs]: unknown[]) => bs.some((b) => goEqual(a, b)), "any"),
  ne: compare((a, b) => !goEqual(a, b)),
  lt: compare(goLess),
  le: compare((a, b) => goLess(a, b) || goEqual(a, b)),
  gt: compare((a, b) => goLess(b, a)),
  ge: compare((a, b) => goLess(b, a) || goEqual(a, b)),
  empty: def(["any"], ([v]: [unknown]) => !isTrue(v)),
  default: def(["any"], ([fallback, given]: unknown[]) => (isTrue(given) ? given : fallback), "any"),
  ternary: def(["any", "any", "bool"], ([yes, no, cond]: [unknown, unknown, boolean]) => (cond ? yes : no)),
  int: def(["any"], ([v]: [unknown]) => toInt(v)),
  len: def(["any"], ([v]: [unknown]) => {
    if (typeof v === "string") return BigInt(new TextEncoder().encode(v).length);
    if (Array.isArray(v)) return BigInt(v.length);
    if (isMap(v)) return BigInt(Object.keys(v).length);
    throw new Error(`len of type ${typeName(v)}`);
  }),
  index: def(["any"], ([item, ...keys]: unknown[]) => index(item, keys), "any"),
  list: def([], (items: unknown[]) => [...items], "any"),
  dict: def(
    [],
    (kv: unknown[]) => {
      const out: Dict = {};
      for (let i = 0; i < kv.length; i += 2) out[strval(kv[i])] = i + 1 < kv.length ? kv[i + 1] : "";
      return out;
    },
    "any",
  ),
  set: def(["dict", "string", "any"], ([d, k, v]: [Dict, string, unknown]) => {
    d[k] = v;
    return d;
  }),
  get: def(["dict", "string"], ([d, k]: [Dict, string]) => (Object.hasOwn(d, k) ? d[k] : "")),
  hasKey: def(["dict", "string"], ([d, k]: [Dict, string]) => Object.hasOwn(d, k)),
  keys: def([], (dicts: Dict[]) => dicts.flatMap((d) => Object.keys(d)).sort(), "dict"),
  has: def(["any", "any"], ([needle, haystack]: [unknown, unknown]) => {
    if (haystack === null || haystack === undefined) return false;
    if (!Array.isArray(haystack)) throw new Error(`cannot find has on type ${typeName(haystack)}`);
    return haystack.some((h) => deepEqual(needle, h));
  }),
  merge: def(["dict"], ([dst, ...srcs]: [Dict, ...Dict[]]) => srcs.reduce(mergeInto, dst), "dict"),
};
