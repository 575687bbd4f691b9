import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Every text a person reads comes from a catalogue: this scans each .tsx file for JSX text and for
// string literals given to a prop a person reads (label, title, aria-label…), or flowing into one
// (`cond ? "A" : "B"`, `${x} items`), that do not come through t(). What may stay is listed below,
// each with its reason.

const src = path.resolve(import.meta.dirname, "..");

/** Texts that are the same in every language: the brand, and the spec's own Hebrew texts. */
const ALLOWED = new Set(["Dirabot"]);

/** Props whose string a person reads (or hears: aria-*). */
const READ_PROPS = new Set([
  "label",
  "labelInfo",
  "placeholder",
  "title",
  "text",
  "helperText",
  "description",
  "content",
  "subtitle",
  "heading",
  "message",
  "caption",
  "alt",
  "tooltip",
  "emptyText",
  "confirmButtonText",
  "cancelButtonText",
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "aria-roledescription",
]);

/** A string with a letter in it (Latin or Hebrew): punctuation and numbers need no translation. */
const WORDY = /[A-Za-z\u0590-\u05FF]/;

interface Finding {
  file: string;
  line: number;
  text: string;
}

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx") ? [full] : [];
  });
}

/**
 * The literal texts that become the value of `node`: through ?:, ||, ??, &&, +, parentheses and
 * template literals; not arguments of a call (t("key"), a helper's id), not nested JSX (scanned
 * on its own), not comparisons.
 */
function flowingTexts(node: ts.Node): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node))
    return [node.head, ...node.templateSpans.flatMap((s) => [...flowingTexts(s.expression), s.literal])];
  if (ts.isParenthesizedExpression(node) || ts.isJsxExpression(node))
    return node.expression ? flowingTexts(node.expression) : [];
  if (ts.isConditionalExpression(node))
    return [...flowingTexts(node.whenTrue), ...flowingTexts(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
      return [...flowingTexts(node.left), ...flowingTexts(node.right)];
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return flowingTexts(node.right);
    if (op === ts.SyntaxKind.PlusToken) return [...flowingTexts(node.left), ...flowingTexts(node.right)];
  }
  return [];
}

function textOf(node: ts.Node, file: ts.SourceFile): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return node.getText(file);
}

/** The untranslated texts of one file. */
function scan(code: string, fileName = "x.tsx"): Finding[] {
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.replace(/\s+/g, " ").trim();
    if (!WORDY.test(trimmed) || ALLOWED.has(trimmed)) return;
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push({ file: fileName, line: line + 1, text: trimmed });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const literal of flowingTexts(node)) report(literal, textOf(literal, file));
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(file);
      if (READ_PROPS.has(name))
        for (const literal of flowingTexts(node.initializer)) report(literal, textOf(literal, file));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("texts a person reads", () => {
  it("come from the catalogues in every .tsx file", () => {
    const findings = tsxFiles(src)
      .map((f) => path.relative(src, f))
      .flatMap((rel) => scan(fs.readFileSync(path.join(src, rel), "utf8"), rel));
    expect(findings.map((f) => `${f.file}:${f.line} ${JSON.stringify(f.text)}`)).toEqual([]);
  });

  it("finds JSX text, read props and texts flowing into them; passes t() and what is not read", () => {
    const code = `
      export const A = ({ ok, t, n }) => (
        <div className="box" id="x" title={ok ? "Saved" : t("no")}>
          Hello there
          <Button aria-label={\`Open \${n}\`} icon="menu" intent="primary" />
          {ok ? "Done" : null}
          <Input placeholder={t("hint")} label="Email" value="en" />
          {t("fine")} · 3 {n === "admin" ? t("a") : "—"} Dirabot
        </div>
      );`;
    expect(scan(code).map((f) => f.text)).toEqual(["Saved", "Hello there", "Open", "Done", "Email"]);
  });
});
