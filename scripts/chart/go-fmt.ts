// The parts of Go's fmt and strconv that templates reach: %q quoting, Sprint, Sprintf and
// Sprig's strval (how a value becomes a string in `quote`, `toString`, `join`).
import { formatFloat, kindOf, printValue, typeName } from "./go-values.ts";

const NAMED_ESCAPES: Record<string, string> = {
  "\x07": "\\a",
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\v": "\\v",
  '"': '\\"',
  "\\": "\\\\",
};

/** strconv.Quote: printable Unicode stays as is, control characters are escaped. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const named = NAMED_ESCAPES[ch];
    const code = ch.codePointAt(0) as number;
    if (named !== undefined) out += named;
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if ((code >= 0x80 && code < 0xa0) || code === 0xfeff)
      out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += ch;
  }
  return `${out}"`;
}

/** Sprig's strval: strings as they are, everything else through %v. */
export function strval(v: unknown): string {
  return typeof v === "string" ? v : printValue(v);
}

/** fmt.Sprint: a space between operands when neither side is a string. */
export function sprint(args: unknown[]): string {
  let out = "";
  args.forEach((arg, i) => {
    const prev = args[i - 1];
    if (i > 0 && typeof arg !== "string" && typeof prev !== "string") out += " ";
    out += arg === null || arg === undefined ? "<nil>" : printValue(arg);
  });
  return out;
}

function bad(verb: string, v: unknown): string {
  if (v === null || v === undefined) return `%!${verb}(<nil>)`;
  return `%!${verb}(${typeName(v)}=${printValue(v)})`;
}

function formatVerb(verb: string, v: unknown): string {
  const kind = kindOf(v);
  switch (verb) {
    case "v":
      return kind === "nil" ? "<nil>" : printValue(v);
    case "s":
      return kind === "string" || kind === "list" ? printValue(v) : bad(verb, v);
    case "q":
      return kind === "string" ? goQuote(v as string) : bad(verb, v);
    case "d":
      return kind === "int" ? String(v) : bad(verb, v);
    case "t":
      return kind === "bool" ? String(v) : bad(verb, v);
    case "f":
      return kind === "float" ? (v as number).toFixed(6) : bad(verb, v);
    case "g":
      return kind === "float" ? formatFloat(v as number) : bad(verb, v);
    default:
      return `%!${verb}(${typeName(v)}=${printValue(v)})`;
  }
}

/** fmt.Sprintf for the verbs charts use (%s %d %v %q %t %f %g), with width and `-`/`0` flags. */
export function sprintf(format: string, args: unknown[]): string {
  let next = 0;
  const out = format.replace(
    /%([-0]*)(\d*)([a-zA-Z%])/g,
    (_m, flags: string, width: string, verb: string) => {
      if (verb === "%") return "%";
      if (next >= args.length) return `%!${verb}(MISSING)`;
      const text = formatVerb(verb, args[next++]);
      const w = Number(width || 0);
      if (text.length >= w) return text;
      if (flags.includes("-")) return text.padEnd(w);
      return text.padStart(w, flags.includes("0") ? "0" : " ");
    },
  );
  if (next >= args.length) return out;
  const extra = args.slice(next).map((a) => `${typeName(a)}=${printValue(a)}`);
  return `${out}%!(EXTRA ${extra.join(", ")})`;
}

/** url.QueryEscape, which the `urlquery` builtin applies to fmt.Sprint of its arguments. */
export function queryEscape(s: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(s)) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(ch)) out += ch;
    else if (ch === " ") out += "+";
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
