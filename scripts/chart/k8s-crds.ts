// Custom resources the chart may render, checked against the subset of their CRD schema the
// chart uses (kubernetes-models covers built-in kinds only). Unknown fields are errors here
// too, so a field outside this subset needs adding on purpose.
import { Ajv } from "ajv";
import { formatAjvErrors } from "./values-schema.ts";

const stringMap = { type: "object", additionalProperties: { type: "string" } };

const SERVICE_MONITOR = {
  type: "object",
  additionalProperties: false,
  required: ["apiVersion", "kind", "metadata", "spec"],
  properties: {
    apiVersion: { const: "monitoring.coreos.com/v1" },
    kind: { const: "ServiceMonitor" },
    metadata: {
      type: "object",
      additionalProperties: false,
      required: ["name"],
      properties: {
        name: { type: "string" },
        namespace: { type: "string" },
        labels: stringMap,
        annotations: stringMap,
      },
    },
    spec: {
      type: "object",
      additionalProperties: false,
      required: ["selector", "endpoints"],
      properties: {
        selector: {
          type: "object",
          additionalProperties: false,
          properties: { matchLabels: stringMap },
        },
        jobLabel: { type: "string" },
        endpoints: {
          type: "array",
          minItems: 1,
          items: {
            type: "object",
            additionalProperties: false,
            required: ["port"],
            properties: {
              port: { type: "string" },
              path: { type: "string", pattern: "^/" },
              interval: {
                type: "string",
                pattern:
                  "^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$",
              },
              scrapeTimeout: { type: "string" },
              scheme: { enum: ["http", "https"] },
            },
          },
        },
      },
    },
  },
};

const validate = new Ajv({ allErrors: true, strict: true }).compile(SERVICE_MONITOR);

export function validateServiceMonitor(obj: unknown): string[] {
  return validate(obj) ? [] : formatAjvErrors(validate.errors ?? []);
}
