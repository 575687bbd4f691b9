// Go semantics for the values a template sees. Helm reads values files into float64 numbers
// and maps; template literals like `8080` are Go ints. We keep that split (JS number vs
// bigint) because real Helm refuses `eq .Values.replicas 1` ("incompatible types"), and a
// renderer that quietly accepts it would let a broken chart pass.

/** Marks objects that are Go structs (`.Chart`, `.Capabilities`): unknown fields are errors. */
export const STRUCT = Symbol("go-struct");

export type GoStruct = { [STRUCT]: string; [field: string]: unknown };

export function goStruct(typeName: string, fields: Record<string, unknown>): GoStruct {
  return Object.assign(Object.create(null), fields, { [STRUCT]: typeName }) as GoStruct;
}

export type GoKind = "nil" | "bool" | "int" | "float" | "string" | "list" | "map" | "struct" | "func";

export function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(STRUCT in v);
}

export function kindOf(v: unknown): GoKind {
  if (v === null || v === undefined) return "nil";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "bigint") return "int";
  if (typeof v === "number") return "float";
  if (typeof v === "string") return "string";
  if (typeof v === "function") return "func";
  if (Array.isArray(v)) return "list";
  if (typeof v === "object" && STRUCT in v) return "struct";
  return "map";
}

export function typeName(v: unknown): string {
  const names: Record<GoKind, string> = {
    nil: "<nil>",
    bool: "bool",
    int: "int",
    float: "float64",
    string: "string",
    list: "[]interface {}",
    map: "map[string]interface {}",
    struct: "struct",
    func: "func",
  };
  const kind = kindOf(v);
  if (kind === "struct") return (v as GoStruct)[STRUCT];
  return names[kind];
}

/** text/template's notion of truth: the zero value and empty collections are false. */
export function isTrue(v: unknown): boolean {
  switch (kindOf(v)) {
    case "nil":
      return false;
    case "bool":
      return v as boolean;
    case "int":
      return v !== 0n;
    case "float":
      return v !== 0;
    case "string":
      return (v as string).length > 0;
    case "list":
      return (v as unknown[]).length > 0;
    case "map":
      return Object.keys(v as object).length > 0;
    default:
      return true;
  }
}

/** Go's %v for float64: shortest digits, exponent form from 1e+06 up or below 1e-04. */
export function formatFloat(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (!Number.isFinite(n)) return n > 0 ? "+Inf" : "-Inf";
  if (n === 0) return "0";
  const [mantissa = "", expText = "0"] = n.toExponential().split("e");
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) {
    const sign = exp < 0 ? "-" : "+";
    return `${mantissa}e${sign}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  return String(n);
}

/** fmt's %v, which is what `{{ value }}` prints. A nil prints nothing (Helm strips "<no value>"). */
export function printValue(v: unknown): string {
  switch (kindOf(v)) {
    case "nil":
      return "";
    case "float":
      return formatFloat(v as number);
    case "list":
      return `[${(v as unknown[]).map(printInner).join(" ")}]`;
    case "map": {
      const map = v as Record<string, unknown>;
      const parts = Object.keys(map)
        .sort()
        .map((k) => `${k}:${printInner(map[k])}`);
      return `map[${parts.join(" ")}]`;
    }
    case "struct":
      return `{${typeName(v)}}`;
    default:
      return String(v);
  }
}

function printInner(v: unknown): string {
  return v === null || v === undefined ? "<nil>" : printValue(v);
}

/** Go's eq: same basic kind compares by value; different kinds are an error unless one is nil. */
export function goEqual(a: unknown, b: unknown): boolean {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka !== kb) {
    if (ka === "nil" || kb === "nil") return false;
    throw new Error(`incompatible types for comparison: ${typeName(a)} and ${typeName(b)}`);
  }
  if (ka === "nil") return true;
  if (ka === "list" || ka === "map" || ka === "func" || ka === "struct") {
    throw new Error(`non-comparable type ${typeName(a)}`);
  }
  return a === b;
}

/** Go's lt for the basic kinds. */
export function goLess(a: unknown, b: unknown): boolean {
  const ka = kindOf(a);
  if (ka !== kindOf(b) || !["int", "float", "string"].includes(ka)) {
    throw new Error(`incompatible types for comparison: ${typeName(a)} and ${typeName(b)}`);
  }
  return (a as number) < (b as number);
}
