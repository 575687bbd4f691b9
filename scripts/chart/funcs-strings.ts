// Sprig string functions (and Go builtins on strings) with Sprig's argument order.
import { createHash, randomInt } from "node:crypto";
import { goQuote, queryEscape, sprint, sprintf, strval } from "./go-fmt.ts";
import type { CallContext, FuncDef, ParamKind } from "./tpl-funcdef.ts";

/** Declares a function; the runtime checks argument kinds before `fn` sees them. */
export function def<A extends unknown[]>(
  params: ParamKind[],
  fn: (args: A, ctx: CallContext) => unknown,
  rest?: ParamKind,
): FuncDef {
  const call = fn as unknown as FuncDef["fn"];
  return rest === undefined ? { params, fn: call } : { params, rest, fn: call };
}

function indent(spaces: bigint, text: string): string {
  const pad = " ".repeat(Number(spaces));
  return pad + text.replaceAll("\n", `\n${pad}`);
}

function trunc(count: bigint, s: string): string {
  const c = Number(count);
  if (c < 0 && s.length + c > 0) return s.slice(s.length + c);
  if (c >= 0 && s.length > c) return s.slice(0, c);
  return s;
}

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export const stringFuncs: Record<string, FuncDef> = {
  quote: def(
    [],
    (args: unknown[]) =>
      args
        .filter((a) => a !== null && a !== undefined)
        .map((a) => goQuote(strval(a)))
        .join(" "),
    "any",
  ),
  upper: def(["string"], ([s]: [string]) => s.toUpperCase()),
  lower: def(["string"], ([s]: [string]) => s.toLowerCase()),
  replace: def(["string", "string", "string"], ([from, to, s]: [string, string, string]) =>
    s.replaceAll(from, to),
  ),
  trunc: def(["int", "string"], ([c, s]: [bigint, string]) => trunc(c, s)),
  trimSuffix: def(["string", "string"], ([suffix, s]: [string, string]) =>
    suffix && s.endsWith(suffix) ? s.slice(0, -suffix.length) : s,
  ),
  trimPrefix: def(["string", "string"], ([prefix, s]: [string, string]) =>
    prefix && s.startsWith(prefix) ? s.slice(prefix.length) : s,
  ),
  trim: def(["string"], ([s]: [string]) => s.trim()),
  contains: def(["string", "string"], ([sub, s]: [string, string]) => s.includes(sub)),
  hasPrefix: def(["string", "string"], ([prefix, s]: [string, string]) => s.startsWith(prefix)),
  indent: def(["int", "string"], ([n, s]: [bigint, string]) => indent(n, s)),
  nindent: def(["int", "string"], ([n, s]: [bigint, string]) => `\n${indent(n, s)}`),
  printf: def(["string"], ([format, ...args]: [string, ...unknown[]]) => sprintf(format, args), "any"),
  print: def([], (args: unknown[]) => sprint(args), "any"),
  toString: def(["any"], ([v]: [unknown]) => strval(v)),
  join: def(["string", "any"], ([sep, v]: [string, unknown]) => {
    const items = Array.isArray(v) ? v : [v];
    return items
      .filter((x) => x !== null && x !== undefined)
      .map(strval)
      .join(sep);
  }),
  b64enc: def(["string"], ([s]: [string]) => Buffer.from(s, "utf8").toString("base64")),
  b64dec: def(["string"], ([s]: [string]) => Buffer.from(s, "base64").toString("utf8")),
  sha256sum: def(["string"], ([s]: [string]) => createHash("sha256").update(s).digest("hex")),
  randAlphaNum: def(["int"], ([n]: [bigint]) =>
    Array.from({ length: Number(n) }, () => ALNUM[randomInt(ALNUM.length)]).join(""),
  ),
  urlquery: def([], (args: unknown[]) => queryEscape(sprint(args)), "any"),
};
