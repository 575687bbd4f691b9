// Loose accessors for rendered objects: they are parsed YAML, so every step is checked.
import type { K8sObject } from "./k8s-validate.ts";

export type Rec = Record<string, unknown>;

export function rec(value: unknown): Rec {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Rec) : {};
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export function labelsOf(value: unknown): Record<string, string> {
  return rec(value) as Record<string, string>;
}

export function idOf(obj: K8sObject): string {
  return `${obj.kind}/${obj.metadata.name}`;
}

/** True when every selector label is present with the same value (an empty selector matches nothing). */
export function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  const entries = Object.entries(selector);
  return entries.length > 0 && entries.every(([k, v]) => labels[k] === v);
}

export type Workload = { obj: K8sObject; podLabels: Record<string, string>; pod: Rec; containers: Rec[] };

export function workloads(objects: K8sObject[]): Workload[] {
  return objects
    .filter((o) => o.kind === "Deployment")
    .map((obj) => {
      const template = rec(rec(obj.spec).template);
      const pod = rec(template.spec);
      return {
        obj,
        podLabels: labelsOf(rec(template.metadata).labels),
        pod,
        containers: list(pod.containers).map(rec),
      };
    });
}

export function find(objects: K8sObject[], kind: string, name: string): K8sObject | undefined {
  return objects.find((o) => o.kind === kind && o.metadata.name === name);
}
