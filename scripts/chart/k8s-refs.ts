// Cross-references between rendered objects: what a real install would only reveal as a
// pod stuck in CreateContainerConfigError, a Service without endpoints, or an HPA that
// never scales. Pod-level references are in k8s-refs-pod.ts, NetworkPolicies' in k8s-netpol.ts.
import { checkNetworkPolicies } from "./k8s-netpol.ts";
import { checkPod, containerPorts, portExists, type RefContext } from "./k8s-refs-pod.ts";
import {
  find,
  idOf,
  labelsOf,
  list,
  type Rec,
  rec,
  selects,
  str,
  type Workload,
  workloads,
} from "./k8s-util.ts";
import type { K8sObject } from "./k8s-validate.ts";

export type { RefContext };

function checkServices(objects: K8sObject[], ws: Workload[]): string[] {
  const errors: string[] = [];
  for (const svc of objects.filter((o) => o.kind === "Service")) {
    const selector = labelsOf(rec(svc.spec).selector);
    const matched = ws.filter((w) => selects(selector, w.podLabels));
    if (matched.length === 0) errors.push(`${idOf(svc)}: selector matches no Deployment's pods`);
    for (const p of list(rec(svc.spec).ports).map(rec)) {
      const target = p.targetPort ?? p.port;
      for (const w of matched) {
        if (!portExists(target, containerPorts(w)))
          errors.push(`${idOf(svc)}: targetPort ${String(target)} not on ${idOf(w.obj)}`);
      }
    }
    // Two Services may front different ports of the same pods (a public and an internal one);
    // two that reach the same port are a copy.
    const targets = new Set(list(rec(svc.spec).ports).map((p) => String(rec(p).targetPort ?? rec(p).port)));
    const others = objects.filter((o) => o !== svc && o.kind === "Service");
    for (const w of matched) {
      const twin = others.find(
        (o) =>
          selects(labelsOf(rec(o.spec).selector), w.podLabels) &&
          list(rec(o.spec).ports).some((p) => targets.has(String(rec(p).targetPort ?? rec(p).port))),
      );
      if (twin && idOf(twin) < idOf(svc))
        errors.push(`${idOf(svc)} and ${idOf(twin)} select the same pods and port`);
    }
  }
  return errors;
}

function servicePort(svc: K8sObject | undefined, port: Rec): boolean {
  const ports = list(rec(svc?.spec).ports).map(rec);
  return ports.some((p) => (port.name !== undefined ? p.name === port.name : p.port === port.number));
}

function checkScaling(objects: K8sObject[], ws: Workload[]): string[] {
  const errors: string[] = [];
  const hpas = objects.filter((o) => o.kind === "HorizontalPodAutoscaler");
  for (const hpa of hpas) {
    const target = rec(rec(hpa.spec).scaleTargetRef);
    const w = ws.find((x) => x.obj.metadata.name === target.name && target.kind === "Deployment");
    if (!w) {
      errors.push(`${idOf(hpa)}: scale target ${str(target.kind)}/${str(target.name)} is not rendered`);
      continue;
    }
    if (rec(w.obj.spec).replicas !== undefined)
      errors.push(`${idOf(w.obj)}: sets replicas although ${idOf(hpa)} scales it`);
    for (const m of list(rec(hpa.spec).metrics).map(rec)) {
      const resource = str(rec(m.resource).name);
      const requested = w.containers.every((c) => rec(rec(c.resources).requests)[resource] !== undefined);
      if (resource && !requested)
        errors.push(`${idOf(hpa)}: scales on ${resource} but containers request none`);
    }
  }
  for (const pdb of objects.filter((o) => o.kind === "PodDisruptionBudget")) {
    const selector = labelsOf(rec(rec(pdb.spec).selector).matchLabels);
    const matched = ws.filter((w) => selects(selector, w.podLabels));
    if (matched.length === 0) errors.push(`${idOf(pdb)}: selector matches no Deployment's pods`);
    const minAvailable = rec(pdb.spec).minAvailable;
    for (const w of matched) {
      const hpa = hpas.find((h) => rec(rec(h.spec).scaleTargetRef).name === w.obj.metadata.name);
      const replicas = Number(hpa ? (rec(hpa.spec).minReplicas ?? 1) : (rec(w.obj.spec).replicas ?? 1));
      if (typeof minAvailable === "number" && minAvailable >= replicas) {
        errors.push(
          `${idOf(pdb)}: minAvailable ${minAvailable} with ${replicas} replica(s) blocks every node drain`,
        );
      }
    }
  }
  for (const pvc of objects.filter((o) => o.kind === "PersistentVolumeClaim")) {
    if (!list(rec(pvc.spec).accessModes).includes("ReadWriteOnce")) continue;
    for (const w of ws) {
      const uses = list(w.pod.volumes).some(
        (v) => rec(rec(v).persistentVolumeClaim).claimName === pvc.metadata.name,
      );
      const hpa = hpas.some((h) => rec(rec(h.spec).scaleTargetRef).name === w.obj.metadata.name);
      if (uses && (hpa || Number(rec(w.obj.spec).replicas ?? 1) > 1)) {
        errors.push(`${idOf(w.obj)}: more than one replica shares ReadWriteOnce ${idOf(pvc)}`);
      }
    }
  }
  return errors;
}

function checkIngressAndMonitors(objects: K8sObject[]): string[] {
  const errors: string[] = [];
  for (const ing of objects.filter((o) => o.kind === "Ingress")) {
    const spec = rec(ing.spec);
    const hosts = new Set(list(spec.rules).map((r) => str(rec(r).host)));
    for (const rule of list(spec.rules).map(rec)) {
      for (const path of list(rec(rule.http).paths).map(rec)) {
        const backend = rec(rec(path.backend).service);
        const svc = find(objects, "Service", str(backend.name));
        if (!svc) errors.push(`${idOf(ing)}: backend Service/${str(backend.name)} is not rendered`);
        else if (!servicePort(svc, rec(backend.port)))
          errors.push(`${idOf(ing)}: backend port not on ${idOf(svc)}`);
      }
    }
    for (const tls of list(spec.tls).map(rec)) {
      for (const h of list(tls.hosts).map(str))
        if (!hosts.has(h)) errors.push(`${idOf(ing)}: TLS host ${h} has no rule`);
    }
  }
  for (const sm of objects.filter((o) => o.kind === "ServiceMonitor")) {
    const selector = labelsOf(rec(rec(sm.spec).selector).matchLabels);
    const svcs = objects.filter(
      (o) => o.kind === "Service" && selects(selector, labelsOf(o.metadata.labels)),
    );
    if (svcs.length === 0) errors.push(`${idOf(sm)}: selector matches no Service's labels`);
    for (const ep of list(rec(sm.spec).endpoints).map(rec)) {
      for (const svc of svcs) {
        if (!servicePort(svc, { name: ep.port }))
          errors.push(`${idOf(sm)}: port ${str(ep.port)} not on ${idOf(svc)}`);
      }
    }
  }
  return errors;
}

export function checkRefs(objects: K8sObject[], ctx: RefContext): string[] {
  const ws = workloads(objects);
  return [
    ...ws.flatMap((w) => checkPod(objects, ctx, w).map((e) => `${idOf(w.obj)}: ${e}`)),
    ...checkServices(objects, ws),
    ...checkScaling(objects, ws),
    ...checkIngressAndMonitors(objects),
    ...checkNetworkPolicies(objects, ws),
  ];
}
