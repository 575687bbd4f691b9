import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readValues } from "./check-run.ts";
import { schemaFile, valuesJsonSchema, valuesSchema } from "./values-schema.ts";

const chartDir = join(import.meta.dirname, "../../deploy/helm/dirabot");

describe("values.schema.json", () => {
  it("is what scripts/chart/values-schema.ts generates (run it after changing the schema)", () => {
    expect(JSON.parse(readFileSync(schemaFile, "utf8"))).toEqual(valuesJsonSchema());
  });

  it("the typed schema accepts the chart's own values.yaml", () => {
    expect(valuesSchema.safeParse(readValues(join(chartDir, "values.yaml"))).error).toBeUndefined();
  });

  it("the typed schema refuses what the JSON one refuses: reserved env names, repeats", () => {
    const values = readValues(join(chartDir, "values.yaml"));
    const bad = structuredClone(values) as Record<string, Record<string, Record<string, unknown>>>;
    (bad.config as Record<string, unknown>).extraEnv = { PORT: "1" };
    (bad.networkPolicy as Record<string, Record<string, unknown>>).engines = {
      ...bad.networkPolicy?.engines,
      ports: [5432, 5432],
    };
    const paths = valuesSchema.safeParse(bad).error?.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["config.extraEnv.PORT", "networkPolicy.engines.ports"]));
  });
});
