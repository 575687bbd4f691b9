// The shape of template functions and the argument checks Go's reflective call makes.
import { kindOf, typeName } from "./go-values.ts";
import type { Engine } from "./tpl-exec.ts";
import { TemplateError } from "./tpl-lex.ts";

export type ParamKind = "any" | "string" | "int" | "bool" | "list" | "dict";

export type CallContext = { engine: Engine; depth: number };

/** A template function: parameter kinds (checked like Go's reflection call), optional rest kind. */
export type FuncDef = {
  params: ParamKind[];
  rest?: ParamKind;
  /** `and`/`or`: arguments are evaluated only as far as needed (Go 1.18+). */
  lazy?: "and" | "or";
  fn: (args: unknown[], ctx: CallContext) => unknown;
};

/** Thrown by `required` and `fail`: reported like Helm's "execution error at (file:line)". */
export class ExecutionError extends Error {}

/** Go refuses a call whose argument cannot be assigned to the parameter; nil becomes an empty list or map. */
export function coerce(value: unknown, kind: ParamKind, where: string, fname: string): unknown {
  const got = kindOf(value);
  if (kind === "any" || got === kind || (kind === "list" && got === "list")) return value;
  if (kind === "dict" && got === "map") return value;
  if (got === "nil" && kind === "list") return [];
  if (got === "nil" && kind === "dict") return {};
  const expected = { string: "string", int: "int", bool: "bool", list: "[]interface {}", dict: "map" }[kind];
  if (got === "nil")
    throw new TemplateError(`${where}: invalid value; expected ${expected} in call to ${fname}`);
  throw new TemplateError(
    `${where}: wrong type for value; expected ${expected}; got ${typeName(value)} in call to ${fname}`,
  );
}
