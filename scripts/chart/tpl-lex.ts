// Splits a Go text/template source into text and actions (with `{{-`/`-}}` trimming and
// comments applied), then tokenizes an action's body.

export class TemplateError extends Error {
  override name = "TemplateError";
}

export type Segment =
  | { kind: "text"; text: string; line: number }
  | { kind: "action"; body: string; line: number };

const SPACE = /[ \t\r\n]/;

function lineAt(src: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (src.charCodeAt(i) === 10) line++;
  return line;
}

/** Index of the `}}` closing the action whose body starts at `from`, skipping quoted text. */
function findClose(src: string, from: number, where: string): number {
  let i = from;
  while (i < src.length) {
    const c = src[i];
    if (c === "}" && src[i + 1] === "}") return i;
    if (c === '"' || c === "'") {
      i++;
      while (i < src.length && src[i] !== c) {
        if (src[i] === "\n") throw new TemplateError(`${where}: unterminated quoted string`);
        i += src[i] === "\\" ? 2 : 1;
      }
    } else if (c === "`") {
      i = src.indexOf("`", i + 1);
      if (i === -1) break;
    }
    i++;
  }
  throw new TemplateError(`${where}: unclosed action`);
}

// A comment may hold anything up to its star-slash, which must touch the closing braces.
function commentClose(src: string, from: number, where: string): number {
  const end = src.indexOf("*/", from + 2);
  if (end === -1) throw new TemplateError(`${where}: unclosed comment`);
  if (src.startsWith("}}", end + 2)) return end + 2;
  if (src.startsWith(" -}}", end + 2)) return end + 4;
  throw new TemplateError(`${where}: comment ends before closing delimiter`);
}

export function splitTemplate(src: string, name: string): Segment[] {
  const segments: Segment[] = [];
  let pos = 0;
  let trimNext = false;
  while (pos <= src.length) {
    const open = src.indexOf("{{", pos);
    let text = open === -1 ? src.slice(pos) : src.slice(pos, open);
    if (trimNext) text = text.replace(/^[ \t\r\n]+/, "");
    if (open === -1) {
      if (text) segments.push({ kind: "text", text, line: lineAt(src, pos) });
      break;
    }
    const line = lineAt(src, open);
    const where = `${name}:${line}`;
    let bodyStart = open + 2;
    if (src[bodyStart] === "-" && SPACE.test(src[bodyStart + 1] ?? "")) {
      text = text.replace(/[ \t\r\n]+$/, "");
      bodyStart += 2;
    }
    if (text) segments.push({ kind: "text", text, line: lineAt(src, pos) });
    const close = src.startsWith("/*", bodyStart)
      ? commentClose(src, bodyStart, where)
      : findClose(src, bodyStart, where);
    let bodyEnd = close;
    trimNext = src[close - 1] === "-" && SPACE.test(src[close - 2] ?? "") && close - 2 >= bodyStart;
    if (trimNext) bodyEnd = close - 2;
    const body = src.slice(bodyStart, bodyEnd);
    if (!body.startsWith("/*")) segments.push({ kind: "action", body, line });
    pos = close + 2;
  }
  return segments;
}

export type Token = { space: boolean } & (
  | { t: "ident" | "field" | "var" | "string"; v: string }
  | { t: "number"; v: bigint | number }
  | { t: "bool"; v: boolean }
  | { t: "nil" | "dot" | "(" | ")" | "|" | ":=" | "=" | "," }
);

const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "\\": "\\",
  '"': '"',
  "'": "'",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
  "0": "\0",
};

function unquote(raw: string, where: string): string {
  return raw.slice(1, -1).replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|.)/g, (_m, e: string) => {
    if (e.length > 1) return String.fromCodePoint(Number.parseInt(e.slice(1), 16));
    const out = ESCAPES[e];
    if (out === undefined) throw new TemplateError(`${where}: unknown escape sequence \\${e}`);
    return out;
  });
}

const PATTERNS: [RegExp, (m: string, where: string) => Omit<Token, "space"> | null][] = [
  [/^[ \t\r\n]+/, () => null],
  [/^"(?:[^"\\\n]|\\.)*"/, (m, w) => ({ t: "string", v: unquote(m, w) })],
  [/^`[^`]*`/, (m) => ({ t: "string", v: m.slice(1, -1) })],
  [/^'(?:[^'\\]|\\.)+'/, (m, w) => ({ t: "number", v: BigInt(unquote(m, w).codePointAt(0) ?? 0) })],
  [/^:=/, () => ({ t: ":=" })],
  [/^[=|(),]/, (m) => ({ t: m as "=" })],
  [/^\$[A-Za-z0-9_]*/, (m) => ({ t: "var", v: m })],
  [/^\.[A-Za-z_][A-Za-z0-9_]*/, (m) => ({ t: "field", v: m.slice(1) })],
  [/^[-+]?0[xX][0-9a-fA-F]+/, (m) => ({ t: "number", v: BigInt(m) })],
  [
    /^[-+]?\d+(\.\d*)?([eE][-+]?\d+)?/,
    (m) => (/[.eE]/.test(m) ? { t: "number", v: Number(m) } : { t: "number", v: BigInt(m) }),
  ],
  [/^\./, () => ({ t: "dot" })],
  [
    /^[A-Za-z_][A-Za-z0-9_]*/,
    (m) => {
      if (m === "true" || m === "false") return { t: "bool", v: m === "true" };
      if (m === "nil") return { t: "nil" };
      return { t: "ident", v: m };
    },
  ],
];

export function tokenize(body: string, where: string): Token[] {
  const tokens: Token[] = [];
  let rest = body;
  let space = true;
  outer: while (rest.length > 0) {
    for (const [re, make] of PATTERNS) {
      const m = re.exec(rest);
      if (!m) continue;
      rest = rest.slice(m[0].length);
      const tok = make(m[0], where);
      if (tok === null) {
        space = true;
      } else {
        tokens.push({ ...tok, space } as Token);
        space = false;
      }
      continue outer;
    }
    throw new TemplateError(`${where}: unexpected character ${JSON.stringify(rest[0])} in action`);
  }
  return tokens;
}
