// Validates chart values against values.schema.json with Ajv (draft-07), as `helm install`
// does, and turns Ajv's errors into one line each that names the key.
import { readFileSync } from "node:fs";
import { Ajv, type ErrorObject } from "ajv";

function keyPath(instancePath: string): string {
  const path = instancePath
    .split("/")
    .slice(1)
    .map((p) => p.replaceAll("~1", "/").replaceAll("~0", "~"))
    .join(".");
  return path || "(root)";
}

function describeError(e: ErrorObject): string {
  const at = keyPath(e.instancePath);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "additionalProperties":
      return `${at}: unknown key "${String(p.additionalProperty)}"`;
    case "required":
      return `${at}: missing key "${String(p.missingProperty)}"`;
    case "type":
      return `${at}: must be ${String(p.type)}`;
    case "enum":
      return `${at}: must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "propertyNames":
      return `${at}: key "${String(p.propertyName)}" is not allowed`;
    default:
      return `${at}: ${e.message ?? e.keyword}`;
  }
}

export function formatAjvErrors(errors: ErrorObject[]): string[] {
  // A bad property name also reports the failing "not"/"pattern" under it: keep the summary.
  const lines = errors.filter((e) => !e.propertyName).map(describeError);
  return [...new Set(lines)];
}

export type ValuesValidator = (values: unknown) => string[];

export function loadValuesSchema(path: string): ValuesValidator {
  const schema = JSON.parse(readFileSync(path, "utf8")) as object;
  const validate = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);
  return (values) => (validate(values) ? [] : formatAjvErrors(validate.errors ?? []));
}
