// `npm run chart:check [-- values.yaml ...]`: checks deploy/helm/dirabot offline with its
// default values, values-production.yaml and every ci/*.yaml (or the files given), prints a
// table and exits non-zero on any failure. See docs/decisions.md for what it cannot check.
import { readdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { checkChart, loadChartUnderTest, passed, type Report } from "./check-run.ts";
import { readValues } from "./helm-render.ts";

const chartDir = resolve(import.meta.dirname, "../../deploy/helm/dirabot");

function scenarios(args: string[]): { name: string; files: string[] }[] {
  if (args.length > 0) return args.map((f) => ({ name: f, files: [resolve(f)] }));
  const ci = readdirSync(join(chartDir, "ci"))
    .filter((f) => f.endsWith(".yaml"))
    .sort()
    .map((f) => ({ name: `ci/${f}`, files: [join(chartDir, "ci", f)] }));
  return [
    { name: "values.yaml", files: [] },
    { name: "values-production.yaml", files: [join(chartDir, "values-production.yaml")] },
    ...ci,
  ];
}

function cell(errors: string[]): string {
  return errors.length === 0 ? "ok" : `${errors.length} error${errors.length > 1 ? "s" : ""}`;
}

function table(reports: Report[]): string {
  const rows = [
    ["values", "objects", "schema", "render", "k8s", "refs", "result"],
    ...reports.map((r) => [
      r.name,
      String(r.objects.length),
      cell(r.schema),
      r.schema.length ? "-" : cell(r.render),
      r.schema.length || r.render.length ? "-" : cell(r.k8s),
      r.schema.length || r.render.length ? "-" : cell(r.refs),
      passed(r) ? "PASS" : "FAIL",
    ]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length))) ?? [];
  return rows.map((row) => row.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ")).join("\n");
}

const cut = loadChartUnderTest(chartDir);
const reports = scenarios(process.argv.slice(2)).map((s) =>
  checkChart(
    cut,
    s.name,
    s.files.map((f) => readValues(f)),
  ),
);
console.log(
  `chart ${basename(chartDir)} ${String(cut.chart.meta.version)}: ${cut.chart.templates.size} templates`,
);
console.log(table(reports));
for (const r of reports) {
  for (const line of [...r.schema, ...r.render, ...r.k8s, ...r.refs]) console.log(`  ${r.name}: ${line}`);
}
process.exitCode = reports.every(passed) ? 0 : 1;
