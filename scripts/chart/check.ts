// `npm run chart:check [-- values.yaml ...]`: lints and renders deploy/helm/dirabot with the real
// helm for its default values, values-production.yaml and every ci/*.yaml (or the files given),
// checks every rendered object, prints a table and exits non-zero on any failure.
// See docs/decisions/0017-left-unchecked-and-why.md for what it cannot check.
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { checkChart, passed, problems, type Report, readValues, type Values } from "./check-run.ts";

const defaultChart = resolve(import.meta.dirname, "../../deploy/helm/dirabot");

type Scenario = { name: string; values: Values[] };

function scenarios(chartDir: string, args: string[]): Scenario[] {
  if (args.length > 0) return args.map((f) => ({ name: f, values: [readValues(resolve(f))] }));
  const ci = readdirSync(join(chartDir, "ci"))
    .filter((f) => f.endsWith(".yaml"))
    .sort()
    .map((f) => ({ name: `ci/${f}`, values: [readValues(join(chartDir, "ci", f))] }));
  return [
    { name: "values.yaml", values: [] },
    { name: "values-production.yaml", values: [readValues(join(chartDir, "values-production.yaml"))] },
    ...ci,
  ];
}

function cell(errors: string[], skipped = false): string {
  if (skipped) return "-";
  return errors.length === 0 ? "ok" : `${errors.length} error${errors.length > 1 ? "s" : ""}`;
}

function table(reports: Report[]): string {
  const rows = [
    ["values", "objects", "lint", "template", "k8s", "refs", "result"],
    ...reports.map((r) => [
      r.name,
      String(r.objects.length),
      cell(r.lint),
      cell(r.render),
      cell(r.k8s, r.render.length > 0),
      cell(r.refs, r.render.length > 0),
      passed(r) ? "PASS" : "FAIL",
    ]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length))) ?? [];
  return rows.map((row) => row.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ")).join("\n");
}

/** Checks every scenario of a chart; prints the table and each problem. True when all pass. */
export function runCheck(chartDir: string, args: string[] = []): boolean {
  const reports = scenarios(chartDir, args).map((s) => checkChart(chartDir, s.name, s.values));
  console.log(`chart ${chartDir}`);
  console.log(table(reports));
  for (const r of reports) for (const line of problems(r)) console.log(`  ${r.name}: ${line}`);
  return reports.every(passed);
}

if (import.meta.main) {
  // CHART_DIR: another copy of the chart (the tests break one in a temp folder).
  process.exitCode = runCheck(process.env.CHART_DIR ?? defaultChart, process.argv.slice(2)) ? 0 : 1;
}
