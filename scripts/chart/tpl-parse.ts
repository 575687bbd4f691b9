// Recursive-descent parser from segments/tokens to the tree in tpl-ast.ts.
import type { Command, Node, Operand, Parsed, Pipe, Pos, Term } from "./tpl-ast.ts";
import { type Segment, splitTemplate, TemplateError, type Token, tokenize } from "./tpl-lex.ts";

const KEYWORDS = new Set([
  "if",
  "else",
  "end",
  "range",
  "with",
  "define",
  "template",
  "block",
  "break",
  "continue",
]);

type Stop = { kw: string; rest: Token[]; pos: Pos };
type State = { segs: Segment[]; i: number; name: string; isFunc: (f: string) => boolean; parsed: Parsed };
// The function table is consulted at parse time, as Go's parser does: an unknown function
// fails the whole template even if the action never runs.
type Cursor = { toks: Token[]; i: number; isFunc: (f: string) => boolean };

function fail(pos: Pos, msg: string): never {
  throw new TemplateError(`${pos.name}:${pos.line}: ${msg}`);
}

export function parseTemplate(name: string, src: string, isFunc: (f: string) => boolean): Parsed {
  const st: State = {
    segs: splitTemplate(src, name),
    i: 0,
    name,
    isFunc,
    parsed: { root: [], defines: new Map() },
  };
  st.parsed.root = parseList(st, [], true).nodes;
  return st.parsed;
}

function parseList(st: State, stops: string[], top = false): { nodes: Node[]; stop: Stop | null } {
  const nodes: Node[] = [];
  while (st.i < st.segs.length) {
    const seg = st.segs[st.i++] as Segment;
    if (seg.kind === "text") {
      nodes.push({ n: "text", text: seg.text });
      continue;
    }
    const pos = { name: st.name, line: seg.line };
    const toks = tokenize(seg.body, `${st.name}:${seg.line}`);
    const first = toks[0];
    if (first === undefined) fail(pos, "missing value for command");
    const kw = first.t === "ident" && KEYWORDS.has(first.v) ? first.v : null;
    if (kw === null) {
      nodes.push({ n: "action", pipe: parsePipe(toks, pos, false, st.isFunc), pos });
    } else if (kw === "end" || kw === "else") {
      if (!stops.includes(kw)) fail(pos, `unexpected {{${kw}}}`);
      return { nodes, stop: { kw, rest: toks.slice(1), pos } };
    } else if (kw === "if" || kw === "with" || kw === "range") {
      nodes.push(parseControl(st, kw, toks.slice(1), pos));
    } else if (kw === "define") {
      if (!top) fail(pos, "define is only allowed at the top level");
      const nameTok = toks[1];
      if (nameTok?.t !== "string" || toks.length !== 2) fail(pos, "define needs one quoted name");
      const body = parseList(st, ["end"]);
      expectEmpty(body.stop, pos);
      st.parsed.defines.set(nameTok.v, body.nodes);
    } else if (kw === "template") {
      const nameTok = toks[1];
      if (nameTok?.t !== "string") fail(pos, "template needs a quoted name");
      const pipe = toks.length > 2 ? parsePipe(toks.slice(2), pos, false, st.isFunc) : null;
      nodes.push({ n: "template", name: nameTok.v, pipe, pos });
    } else {
      fail(pos, `{{${kw}}} is not supported by this renderer`);
    }
  }
  return { nodes, stop: null };
}

function expectEmpty(stop: Stop | null, pos: Pos): void {
  if (stop === null) fail(pos, "missing {{end}}");
  if (stop.rest.length > 0) fail(stop.pos, `unexpected tokens after {{${stop.kw}}}`);
}

function parseControl(st: State, kw: "if" | "with" | "range", toks: Token[], pos: Pos): Node {
  const pipe = parsePipe(toks, pos, kw === "range", st.isFunc);
  const { nodes: body, stop } = parseList(st, ["else", "end"]);
  if (stop === null) fail(pos, `missing {{end}} for {{${kw}}}`);
  let alt: Node[] | null = null;
  if (stop.kw === "else") {
    const chained = stop.rest[0];
    if (chained !== undefined) {
      if (kw === "range" || chained.t !== "ident" || chained.v !== kw)
        fail(stop.pos, "unexpected tokens after {{else}}");
      alt = [parseControl(st, kw, stop.rest.slice(1), stop.pos)];
    } else {
      const tail = parseList(st, ["end"]);
      expectEmpty(tail.stop, pos);
      alt = tail.nodes;
    }
  } else {
    expectEmpty(stop, pos);
  }
  return { n: kw, pipe, body, alt, pos };
}

function parsePipe(toks: Token[], pos: Pos, isRange: boolean, isFunc: (f: string) => boolean): Pipe {
  const [a, b, c, d] = toks;
  let decl: string[] = [];
  let assign = false;
  let start = 0;
  if (a?.t === "var" && (b?.t === ":=" || b?.t === "=")) {
    decl = [a.v];
    assign = b.t === "=";
    start = 2;
  } else if (isRange && a?.t === "var" && b?.t === "," && c?.t === "var" && d?.t === ":=") {
    decl = [a.v, c.v];
    start = 4;
  }
  const cur: Cursor = { toks: toks.slice(start), i: 0, isFunc };
  const cmds = parseCommands(cur, pos);
  if (cur.i < cur.toks.length) fail(pos, `unexpected ${describeToken(cur.toks[cur.i])} in pipeline`);
  return { decl, assign, cmds };
}

function describeToken(tok: Token | undefined): string {
  if (tok === undefined) return "end of action";
  return "v" in tok ? `${tok.t} ${String(tok.v)}` : `"${tok.t}"`;
}

function parseCommands(cur: Cursor, pos: Pos): Command[] {
  const cmds: Command[] = [];
  for (;;) {
    const operands: Operand[] = [];
    while (cur.i < cur.toks.length && !["|", ")"].includes((cur.toks[cur.i] as Token).t)) {
      operands.push(parseOperand(cur, pos));
    }
    if (operands.length === 0) fail(pos, "missing value for command");
    cmds.push({ operands });
    if (cur.toks[cur.i]?.t !== "|") return cmds;
    cur.i++;
  }
}

function parseOperand(cur: Cursor, pos: Pos): Operand {
  const tok = cur.toks[cur.i++] as Token;
  let term: Term;
  const chain: string[] = [];
  switch (tok.t) {
    case "string":
    case "number":
    case "bool":
      term = { t: "lit", v: tok.v };
      break;
    case "nil":
      term = { t: "lit", v: null };
      break;
    case "dot":
      term = { t: "dot" };
      break;
    case "field":
      term = { t: "dot" };
      chain.push(tok.v);
      break;
    case "var":
      term = { t: "var", name: tok.v };
      break;
    case "ident":
      if (KEYWORDS.has(tok.v)) fail(pos, `unexpected keyword ${tok.v} in pipeline`);
      if (!cur.isFunc(tok.v)) fail(pos, `function "${tok.v}" not defined`);
      return { term: { t: "func", name: tok.v }, chain };
    case "(": {
      const cmds = parseCommands(cur, pos);
      if (cur.toks[cur.i++]?.t !== ")") fail(pos, "unclosed left paren");
      term = { t: "pipe", pipe: { decl: [], assign: false, cmds } };
      break;
    }
    default:
      fail(pos, `unexpected ${describeToken(tok)} in operand`);
  }
  for (let next = cur.toks[cur.i]; next?.t === "field" && !next.space; next = cur.toks[cur.i]) {
    chain.push(next.v);
    cur.i++;
  }
  return { term, chain };
}
