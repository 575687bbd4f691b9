// References from a pod template: ServiceAccount, probe ports, ConfigMaps, Secret keys in env
// and volumes, claims. A miss here is a pod stuck in CreateContainerConfigError on a cluster.

import { find, list, rec, str, type Workload } from "./k8s-util.ts";
import type { K8sObject } from "./k8s-validate.ts";

export type RefContext = {
  /** Secrets the chart expects to exist already (values' existingSecret names) → their keys. */
  existingSecrets: Map<string, Set<string>>;
  /** A ServiceAccount the chart does not create (serviceAccount.create=false). */
  externalServiceAccount?: string;
};

export function containerPorts(w: Workload): { names: Set<string>; numbers: Set<number> } {
  const ports = w.containers.flatMap((c) => list(c.ports).map(rec));
  return {
    names: new Set(ports.map((p) => str(p.name)).filter(Boolean)),
    numbers: new Set(ports.map((p) => Number(p.containerPort))),
  };
}

export function portExists(port: unknown, ports: { names: Set<string>; numbers: Set<number> }): boolean {
  return typeof port === "string" ? ports.names.has(port) : ports.numbers.has(Number(port));
}

function secretKeyExists(objects: K8sObject[], ctx: RefContext, name: string, key: string): string | null {
  const secret = find(objects, "Secret", name);
  if (secret) {
    const keys = new Set([...Object.keys(rec(secret.data)), ...Object.keys(rec(secret.stringData))]);
    return keys.has(key) ? null : `Secret/${name} has no key ${key}`;
  }
  const existing = ctx.existingSecrets.get(name);
  if (!existing) return `Secret/${name} is neither rendered nor a documented existing Secret`;
  return existing.has(key) ? null : `key ${key} is not documented for existing Secret ${name}`;
}

export function checkPod(objects: K8sObject[], ctx: RefContext, w: Workload): string[] {
  const errors: string[] = [];
  const ports = containerPorts(w);
  const sa = str(w.pod.serviceAccountName) || "default";
  if (sa !== "default" && sa !== ctx.externalServiceAccount && !find(objects, "ServiceAccount", sa)) {
    errors.push(`serviceAccountName ${sa} is not rendered`);
  }
  for (const c of w.containers) {
    for (const kind of ["livenessProbe", "readinessProbe", "startupProbe"]) {
      const probe = rec(c[kind]);
      const port = rec(probe.httpGet).port ?? rec(probe.grpc).port ?? rec(probe.tcpSocket).port;
      if (port === undefined) errors.push(`container ${str(c.name)}: no ${kind}`);
      else if (!portExists(port, ports))
        errors.push(`container ${str(c.name)}: ${kind} port ${String(port)} is not a container port`);
    }
    for (const from of list(c.envFrom).map(rec)) {
      const cm = str(rec(from.configMapRef).name);
      if (cm && !find(objects, "ConfigMap", cm)) errors.push(`envFrom ConfigMap/${cm} is not rendered`);
    }
    for (const env of list(c.env).map(rec)) {
      const ref = rec(rec(env.valueFrom).secretKeyRef);
      if (Object.keys(ref).length === 0) continue;
      const problem = secretKeyExists(objects, ctx, str(ref.name), str(ref.key));
      if (problem) errors.push(`env ${str(env.name)}: ${problem}`);
    }
  }
  for (const v of list(w.pod.volumes).map(rec)) {
    const secret = rec(v.secret);
    for (const item of list(secret.items).map(rec)) {
      const problem = secretKeyExists(objects, ctx, str(secret.secretName), str(item.key));
      if (problem) errors.push(`volume ${str(v.name)}: ${problem}`);
    }
    const claim = str(rec(v.persistentVolumeClaim).claimName);
    if (claim && !find(objects, "PersistentVolumeClaim", claim))
      errors.push(`volume ${str(v.name)}: PVC ${claim} not rendered`);
  }
  return errors;
}
