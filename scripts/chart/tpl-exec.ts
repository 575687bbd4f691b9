// Executes parsed templates with Go text/template semantics (missingkey=zero, as Helm runs it).
import { isMap, isTrue, kindOf, printValue, STRUCT, typeName } from "./go-values.ts";
import type { Command, Node, Operand, Pipe, Pos } from "./tpl-ast.ts";
import { coerce, ExecutionError, type FuncDef } from "./tpl-funcdef.ts";
import { TemplateError } from "./tpl-lex.ts";
import { parseTemplate } from "./tpl-parse.ts";

// Helm allows 1000 nested includes; JavaScript's stack runs out before that, and no chart
// legitimately nests this deep, so the renderer stops earlier with Helm's message.
const MAX_DEPTH = 200;
const NONE = Symbol("no-final");

type Frame = { vars: { name: string; value: unknown }[]; depth: number };

export class Engine {
  readonly templates = new Map<string, Node[]>();
  readonly funcs: Map<string, FuncDef>;

  constructor(funcs: Map<string, FuncDef>) {
    this.funcs = funcs;
  }

  /** Parses a file; it becomes a template named `name`, and its `define`s join the shared set. */
  add(name: string, src: string): void {
    const parsed = parseTemplate(name, src, (f) => this.funcs.has(f));
    this.templates.set(name, parsed.root);
    for (const [def, body] of parsed.defines) this.templates.set(def, body);
  }

  execute(name: string, data: unknown, depth = 0): string {
    const body = this.templates.get(name);
    if (body === undefined) throw new TemplateError(`no template "${name}" associated with template set`);
    if (depth > MAX_DEPTH) throw new TemplateError(`rendering template has a nested reference name: ${name}`);
    const frame: Frame = { vars: [{ name: "$", value: data }], depth };
    return walk(this, frame, body, data);
  }
}

function fail(pos: Pos, msg: string): never {
  throw new TemplateError(`${pos.name}:${pos.line}: ${msg}`);
}

function walk(engine: Engine, frame: Frame, nodes: Node[], dot: unknown): string {
  let out = "";
  for (const node of nodes) {
    const mark = frame.vars.length;
    switch (node.n) {
      case "text":
        out += node.text;
        break;
      case "action": {
        const value = evalPipe(engine, frame, node.pipe, dot, node.pos);
        if (node.pipe.decl.length === 0) out += printValue(value);
        continue; // declarations stay visible until the enclosing block ends
      }
      case "if":
      case "with": {
        const value = evalPipe(engine, frame, node.pipe, dot, node.pos);
        if (isTrue(value)) out += walk(engine, frame, node.body, node.n === "with" ? value : dot);
        else if (node.alt) out += walk(engine, frame, node.alt, dot);
        break;
      }
      case "range":
        out += walkRange(engine, frame, node, dot);
        break;
      case "template": {
        const data = node.pipe ? evalPipe(engine, frame, node.pipe, dot, node.pos) : null;
        out += engine.execute(node.name, data, frame.depth + 1);
        break;
      }
    }
    frame.vars.length = mark;
  }
  return out;
}

function walkRange(engine: Engine, frame: Frame, node: Extract<Node, { n: "range" }>, dot: unknown): string {
  const pipe: Pipe = { ...node.pipe, decl: [] };
  const value = evalPipe(engine, frame, pipe, dot, node.pos);
  let entries: [unknown, unknown][];
  const kind = kindOf(value);
  if (kind === "nil") entries = [];
  else if (kind === "list") entries = (value as unknown[]).map((v, i) => [BigInt(i), v]);
  else if (kind === "map") {
    const map = value as Record<string, unknown>;
    entries = Object.keys(map)
      .sort()
      .map((k) => [k, map[k]]);
  } else if (kind === "int")
    entries = Array.from({ length: Number(value) }, (_, i) => [BigInt(i), BigInt(i)]);
  else fail(node.pos, `range can't iterate over ${printValue(value)}`);
  if (entries.length === 0) return node.alt ? walk(engine, frame, node.alt, dot) : "";
  let out = "";
  for (const [key, item] of entries) {
    const mark = frame.vars.length;
    const [first, second] = node.pipe.decl;
    if (second !== undefined)
      frame.vars.push({ name: first as string, value: key }, { name: second, value: item });
    else if (first !== undefined) frame.vars.push({ name: first, value: item });
    out += walk(engine, frame, node.body, item);
    frame.vars.length = mark;
  }
  return out;
}

function evalPipe(engine: Engine, frame: Frame, pipe: Pipe, dot: unknown, pos: Pos): unknown {
  let value: unknown = NONE;
  for (const cmd of pipe.cmds) value = evalCommand(engine, frame, cmd, dot, value, pos);
  const [name] = pipe.decl;
  if (name !== undefined) {
    if (pipe.assign) {
      const slot = frame.vars.findLast((v) => v.name === name);
      if (slot === undefined) fail(pos, `undefined variable: ${name}`);
      slot.value = value;
    } else {
      frame.vars.push({ name, value });
    }
  }
  return value;
}

function evalCommand(
  engine: Engine,
  frame: Frame,
  cmd: Command,
  dot: unknown,
  final: unknown,
  pos: Pos,
): unknown {
  const [head, ...rest] = cmd.operands as [Operand, ...Operand[]];
  const argNodes = rest;
  if (head.term.t === "func") return callFunc(engine, frame, head.term.name, argNodes, dot, final, pos);
  if (head.chain.length > 0) {
    const owner = evalChain(engine, frame, head, dot, pos, head.chain.length - 1);
    const last = head.chain[head.chain.length - 1] as string;
    const member = field(owner, last, pos);
    if (typeof member === "function") {
      const args = argNodes.map((a) => evalOperand(engine, frame, a, dot, pos));
      if (final !== NONE) args.push(final);
      return member(...args);
    }
    if (argNodes.length > 0 || final !== NONE) fail(pos, `can't give argument to non-function .${last}`);
    return member;
  }
  if (argNodes.length > 0 || final !== NONE) fail(pos, "can't give argument to non-function");
  return evalOperand(engine, frame, head, dot, pos);
}

function callFunc(
  engine: Engine,
  frame: Frame,
  name: string,
  argNodes: Operand[],
  dot: unknown,
  final: unknown,
  pos: Pos,
): unknown {
  const def = engine.funcs.get(name) as FuncDef;
  const thunks: (() => unknown)[] = argNodes.map((a) => () => evalOperand(engine, frame, a, dot, pos));
  if (final !== NONE) thunks.push(() => final);
  if (def.lazy) {
    if (thunks.length === 0) fail(pos, `wrong number of args for ${name}: want at least 1 got 0`);
    let value: unknown;
    for (const thunk of thunks) {
      value = thunk();
      if (isTrue(value) === (def.lazy === "or")) return value;
    }
    return value;
  }
  const want = def.params.length;
  if (thunks.length < want || (def.rest === undefined && thunks.length !== want)) {
    fail(
      pos,
      `wrong number of args for ${name}: want ${def.rest ? "at least " : ""}${want} got ${thunks.length}`,
    );
  }
  const args = thunks.map((thunk, i) => {
    const kind = def.params[i] ?? def.rest ?? "any";
    return coerce(thunk(), kind, `${pos.name}:${pos.line}`, name);
  });
  try {
    return def.fn(args, { engine, depth: frame.depth + 1 });
  } catch (err) {
    if (err instanceof TemplateError) throw err;
    if (err instanceof ExecutionError)
      throw new TemplateError(`execution error at (${pos.name}:${pos.line}): ${err.message}`);
    fail(pos, `error calling ${name}: ${(err as Error).message}`);
  }
}

function evalOperand(engine: Engine, frame: Frame, op: Operand, dot: unknown, pos: Pos): unknown {
  if (op.term.t === "func") return callFunc(engine, frame, op.term.name, [], dot, NONE, pos);
  return evalChain(engine, frame, op, dot, pos, op.chain.length);
}

function evalChain(engine: Engine, frame: Frame, op: Operand, dot: unknown, pos: Pos, upTo: number): unknown {
  let value: unknown;
  const term = op.term;
  if (term.t === "lit") value = term.v;
  else if (term.t === "dot") value = dot;
  else if (term.t === "var") {
    const slot = frame.vars.findLast((v) => v.name === term.name);
    if (slot === undefined) fail(pos, `undefined variable: ${term.name}`);
    value = slot.value;
  } else if (term.t === "pipe") {
    value = evalPipe(engine, frame, term.pipe, dot, pos);
  }
  for (const name of op.chain.slice(0, upTo)) value = field(value, name, pos);
  return value;
}

function field(value: unknown, name: string, pos: Pos): unknown {
  const kind = kindOf(value);
  if (kind === "nil") fail(pos, `nil pointer evaluating interface {}.${name}`);
  if (isMap(value)) return Object.hasOwn(value, name) ? value[name] : undefined;
  if (kind === "struct" && Object.hasOwn(value as object, name))
    return (value as Record<string, unknown>)[name];
  const type = kind === "struct" ? (value as Record<symbol, string>)[STRUCT] : typeName(value);
  fail(pos, `can't evaluate field ${name} in type ${type}`);
}
