// The parse tree of a Go text/template, limited to the constructs the chart uses.

export type Pos = { name: string; line: number };

export type Term =
  | { t: "lit"; v: unknown }
  | { t: "dot" }
  | { t: "var"; name: string }
  | { t: "func"; name: string }
  | { t: "pipe"; pipe: Pipe };

/** A term followed by field accesses written without spaces: `.Values.image`, `$cfg.env`. */
export type Operand = { term: Term; chain: string[] };

export type Command = { operands: Operand[] };

/** `$a := cmd | cmd`, `$a = cmd`, `$k, $v := cmd` (range only) or a bare pipeline. */
export type Pipe = { decl: string[]; assign: boolean; cmds: Command[] };

export type Node =
  | { n: "text"; text: string }
  | { n: "action"; pipe: Pipe; pos: Pos }
  | { n: "if" | "with"; pipe: Pipe; body: Node[]; alt: Node[] | null; pos: Pos }
  | { n: "range"; pipe: Pipe; body: Node[]; alt: Node[] | null; pos: Pos }
  | { n: "template"; name: string; pipe: Pipe | null; pos: Pos };

export type Parsed = { root: Node[]; defines: Map<string, Node[]> };
