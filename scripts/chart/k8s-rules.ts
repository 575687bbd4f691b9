// Rules the API server (or Pod Security admission at "restricted") enforces that the OpenAPI
// schema does not express: name and label syntax, selector/template agreement, unique env
// names, mounts of declared volumes, and the restricted security profile.

import { idOf, list, rec, str, workloads } from "./k8s-util.ts";
import type { K8sObject } from "./k8s-validate.ts";

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
const DNS_LABEL_1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const PORT_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

function checkName(obj: K8sObject): string[] {
  const name = obj.metadata.name;
  if (obj.kind === "Service") {
    return name.length <= 63 && DNS_LABEL_1035.test(name)
      ? []
      : [`name "${name}" is not a DNS-1035 label (63 max)`];
  }
  return name.length <= 253 && DNS_SUBDOMAIN.test(name) ? [] : [`name "${name}" is not a DNS subdomain`];
}

export function checkLabels(where: string, labels: unknown): string[] {
  const errors: string[] = [];
  for (const [key, value] of Object.entries(rec(labels))) {
    const [prefix, name] = key.includes("/") ? key.split("/", 2) : ["", key];
    if (
      (prefix && !DNS_SUBDOMAIN.test(prefix ?? "")) ||
      !LABEL_NAME.test(name ?? "") ||
      (name ?? "").length > 63
    ) {
      errors.push(`${where}: label key "${key}" is invalid`);
    }
    const v = str(value);
    if (typeof value !== "string" || v.length > 63 || (v !== "" && !LABEL_NAME.test(v))) {
      errors.push(`${where}: label ${key}="${String(value)}" is not a valid label value`);
    }
  }
  return errors;
}

function checkContainer(c: Record<string, unknown>, volumes: Set<string>): string[] {
  const errors: string[] = [];
  const name = str(c.name);
  const envNames = list(c.env).map((e) => str(rec(e).name));
  for (const dup of new Set(envNames.filter((n, i) => envNames.indexOf(n) !== i))) {
    errors.push(`container ${name}: env ${dup} is defined twice (the last silently wins)`);
  }
  for (const p of list(c.ports).map(rec)) {
    const portName = str(p.name);
    if (portName && (portName.length > 15 || !PORT_NAME.test(portName) || !/[a-z]/.test(portName))) {
      errors.push(`container ${name}: port name "${portName}" is not an IANA service name`);
    }
  }
  for (const m of list(c.volumeMounts).map(rec)) {
    if (!volumes.has(str(m.name))) errors.push(`container ${name}: mounts undeclared volume ${str(m.name)}`);
  }
  for (const probe of ["livenessProbe", "startupProbe"]) {
    const threshold = rec(c[probe]).successThreshold;
    if (threshold !== undefined && threshold !== 1)
      errors.push(`container ${name}: ${probe}.successThreshold must be 1`);
  }
  // Pod Security Standard "restricted", plus a read-only root filesystem.
  const sc = rec(c.securityContext);
  if (sc.allowPrivilegeEscalation !== false)
    errors.push(`container ${name}: allowPrivilegeEscalation must be false`);
  if (sc.privileged === true) errors.push(`container ${name}: must not be privileged`);
  if (!list(rec(sc.capabilities).drop).includes("ALL"))
    errors.push(`container ${name}: must drop ALL capabilities`);
  const added = list(rec(sc.capabilities).add).filter((cap) => cap !== "NET_BIND_SERVICE");
  if (added.length > 0) errors.push(`container ${name}: adds capabilities ${added.join(", ")}`);
  if (sc.readOnlyRootFilesystem !== true)
    errors.push(`container ${name}: readOnlyRootFilesystem must be true`);
  return errors;
}

function checkWorkloads(objects: K8sObject[]): string[] {
  const errors: string[] = [];
  for (const w of workloads(objects)) {
    const id = idOf(w.obj);
    const selector = rec(rec(rec(w.obj.spec).selector).matchLabels);
    for (const [k, v] of Object.entries(selector)) {
      if (w.podLabels[k] !== v)
        errors.push(`${id}: selector ${k}=${String(v)} does not match the pod template labels`);
    }
    errors.push(...checkLabels(`${id} pod template`, w.podLabels));
    const volumeNames = list(w.pod.volumes).map((v) => str(rec(v).name));
    const volumes = new Set(volumeNames);
    if (volumes.size !== volumeNames.length) errors.push(`${id}: duplicate volume names`);
    const psc = rec(w.pod.securityContext);
    if (psc.runAsNonRoot !== true) errors.push(`${id}: pod securityContext.runAsNonRoot must be true`);
    if (psc.runAsUser === 0) errors.push(`${id}: pod must not run as uid 0`);
    const seccomp = str(rec(psc.seccompProfile).type);
    if (seccomp !== "RuntimeDefault" && seccomp !== "Localhost")
      errors.push(`${id}: seccompProfile must be RuntimeDefault`);
    if (w.pod.hostNetwork === true || w.pod.hostPID === true || w.pod.hostIPC === true) {
      errors.push(`${id}: must not share host namespaces`);
    }
    if (list(w.pod.volumes).some((v) => rec(v).hostPath !== undefined))
      errors.push(`${id}: hostPath volumes`);
    for (const c of w.containers) errors.push(...checkContainer(c, volumes).map((e) => `${id}: ${e}`));
  }
  return errors;
}

function checkSpecs(obj: K8sObject): string[] {
  const spec = rec(obj.spec);
  if (obj.kind === "HorizontalPodAutoscaler" && Number(spec.minReplicas ?? 1) > Number(spec.maxReplicas)) {
    return ["minReplicas is greater than maxReplicas"];
  }
  if (
    obj.kind === "PodDisruptionBudget" &&
    spec.minAvailable !== undefined &&
    spec.maxUnavailable !== undefined
  ) {
    return ["minAvailable and maxUnavailable are mutually exclusive"];
  }
  if (obj.kind === "Secret") {
    return Object.entries(rec(obj.data))
      .filter(([, v]) => Buffer.from(str(v), "base64").toString("base64") !== str(v))
      .map(([k]) => `data.${k} is not base64`);
  }
  return [];
}

export function checkRules(objects: K8sObject[]): string[] {
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const obj of objects) {
    const id = idOf(obj);
    if (seen.has(id)) errors.push(`${id}: rendered twice`);
    seen.add(id);
    errors.push(...checkName(obj).map((e) => `${id}: ${e}`));
    errors.push(...checkLabels(id, obj.metadata.labels));
    errors.push(...checkSpecs(obj).map((e) => `${id}: ${e}`));
  }
  return [...errors, ...checkWorkloads(objects)];
}
