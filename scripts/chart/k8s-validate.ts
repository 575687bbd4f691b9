// Validates rendered objects against the Kubernetes OpenAPI schemas (kubernetes-models; the
// ServiceMonitor against the Prometheus Operator's CRD, @kubernetes-models/prometheus-operator)
// and, like `kubectl apply --validate=strict`, rejects fields the schema does not know.
import { ServiceMonitor } from "@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import { Job } from "kubernetes-models/batch/v1/Job";
import { Ingress } from "kubernetes-models/networking.k8s.io/v1/Ingress";
import { NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1/NetworkPolicy";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { PersistentVolumeClaim } from "kubernetes-models/v1/PersistentVolumeClaim";
import { Secret } from "kubernetes-models/v1/Secret";
import { Service } from "kubernetes-models/v1/Service";
import { ServiceAccount } from "kubernetes-models/v1/ServiceAccount";

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
};

type Validating = { prototype: { validate(): void } };

const MODELS: Record<string, Validating> = {
  "v1/ConfigMap": ConfigMap,
  "v1/Secret": Secret,
  "v1/Service": Service,
  "v1/ServiceAccount": ServiceAccount,
  "v1/PersistentVolumeClaim": PersistentVolumeClaim,
  "apps/v1/Deployment": Deployment,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler,
  "batch/v1/Job": Job,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
  "networking.k8s.io/v1/Ingress": Ingress,
  "networking.k8s.io/v1/NetworkPolicy": NetworkPolicy,
  "monitoring.coreos.com/v1/ServiceMonitor": ServiceMonitor,
};

/**
 * Wraps an object so every property the validator reads is recorded. The compiled validators
 * read each property their schema declares (and every entry of a map), so an own key never
 * read is a field the schema does not have: a typo such as `readinessProbe.httpget`.
 */
function readTracker(root: object) {
  const seen = new Map<object, { proxy: object; read: Set<string>; path: string }>();
  const track = (value: unknown, path: string): unknown => {
    if (value === null || typeof value !== "object") return value;
    const known = seen.get(value);
    if (known) return known.proxy;
    const read = new Set<string>();
    const proxy = new Proxy(value, {
      get(target, key, receiver) {
        const v = Reflect.get(target, key, receiver);
        if (typeof key !== "string" || !Object.hasOwn(target, key)) return v;
        read.add(key);
        return track(v, `${path}.${key}`);
      },
    });
    seen.set(value, { proxy, read, path });
    return proxy;
  };
  const proxy = track(root, "") as object;
  const unread = () =>
    [...seen.entries()].flatMap(([obj, e]) =>
      Array.isArray(obj)
        ? []
        : Object.keys(obj)
            .filter((k) => !e.read.has(k))
            .map((k) => `${e.path}.${k}`.slice(1)),
    );
  return { proxy, unread };
}

type AjvLikeError = { instancePath: string; message?: string; keyword: string };

function describeError(err: unknown): string[] {
  const errors = (err as { errors?: AjvLikeError[] }).errors;
  if (!errors) return [(err as Error).message];
  // oneOf alternatives (int-or-string, quantity) each report; one line per path is enough.
  const byPath = new Map<string, string>();
  for (const e of errors) {
    const path = e.instancePath.replaceAll("/", ".").slice(1) || "(root)";
    if (!byPath.has(path) || e.keyword === "oneOf") byPath.set(path, `${path}: ${e.message ?? e.keyword}`);
  }
  return [...byPath.values()];
}

/** Schema errors of one object, each prefixed by Kind/name. */
export function validateObject(obj: K8sObject): string[] {
  const id = `${obj.kind}/${obj.metadata?.name ?? "?"}`;
  const key = `${obj.apiVersion}/${obj.kind}`;
  const model = MODELS[key];
  if (model === undefined)
    return [`${id}: no schema for ${key}; the checker knows ${Object.keys(MODELS).join(", ")}`];
  const { proxy, unread } = readTracker(obj);
  const errors: string[] = [];
  try {
    model.prototype.validate.call(proxy);
  } catch (err) {
    errors.push(...describeError(err));
  }
  errors.push(...unread().map((path) => `${path}: unknown field`));
  return errors.map((e) => `${id}: ${e}`);
}
