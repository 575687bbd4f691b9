// NetworkPolicy (networking.k8s.io/v1) semantics, enough to answer "may A open a TCP connection
// to B on port P" for rendered policies, and the reference checks a cluster would only reveal
// as a silently blocked (or silently open) port: a policy that selects no pods, a named port
// that none of the pods it concerns has.
import { BlockList, isIP } from "node:net";
import { idOf, list, type Rec, rec, str, type Workload } from "./k8s-util.ts";
import type { K8sObject } from "./k8s-validate.ts";

type Labels = Record<string, string>;
type ContainerPort = { name?: string; containerPort: number; protocol?: string };

/** One end of a connection: a pod (its namespace and labels, its container ports) or an address. */
export type Endpoint =
  | { pod: { namespace: string; namespaceLabels: Labels; labels: Labels; ports?: ContainerPort[] } }
  | { ip: string };

/** Kubernetes LabelSelector: every matchLabels pair and every matchExpression; `{}` selects all. */
export function matchesSelector(selector: unknown, labels: Labels): boolean {
  const s = rec(selector);
  for (const [k, v] of Object.entries(rec(s.matchLabels))) if (labels[k] !== v) return false;
  for (const e of list(s.matchExpressions).map(rec)) {
    const key = str(e.key);
    const values = list(e.values).map(str);
    const has = Object.hasOwn(labels, key);
    const ok = {
      In: has && values.includes(labels[key] as string),
      NotIn: !has || !values.includes(labels[key] as string),
      Exists: has,
      DoesNotExist: !has,
    }[str(e.operator)];
    if (!ok) return false;
  }
  return true;
}

/**
 * Whether `ip` lies in `cidr` (IPv4 or IPv6), by node:net's BlockList; a malformed CIDR (one
 * without its prefix length among them, as the API server refuses it) contains nothing.
 */
export function cidrContains(cidr: string, ip: string): boolean {
  const [, base = "", prefix] = /^([^/]+)\/(\d{1,3})$/.exec(cidr) ?? [];
  const family = isIP(base);
  if (!prefix || !family || isIP(ip) !== family) return false;
  const type = family === 6 ? "ipv6" : "ipv4";
  const block = new BlockList();
  try {
    block.addSubnet(base, Number(prefix), type);
  } catch {
    return false; // a prefix longer than the address
  }
  return block.check(ip, type);
}

function peerMatches(peer: Rec, policyNamespace: string, end: Endpoint): boolean {
  if (peer.ipBlock !== undefined) {
    if (!("ip" in end)) return false; // pod addresses in ipBlocks are implementation-defined
    const block = rec(peer.ipBlock);
    return (
      cidrContains(str(block.cidr), end.ip) && !list(block.except).some((c) => cidrContains(str(c), end.ip))
    );
  }
  if (!("pod" in end)) return false;
  const { pod } = end;
  if (peer.namespaceSelector === undefined && pod.namespace !== policyNamespace) return false;
  if (peer.namespaceSelector !== undefined && !matchesSelector(peer.namespaceSelector, pod.namespaceLabels))
    return false;
  return peer.podSelector === undefined || matchesSelector(peer.podSelector, pod.labels);
}

/** A rule's ports admit `port`; a named port is looked up on the destination pod. */
function portMatches(rulePorts: unknown, port: number, protocol: string, dest: Endpoint): boolean {
  const ports = list(rulePorts).map(rec);
  if (ports.length === 0) return true;
  return ports.some((p) => {
    if ((str(p.protocol) || "TCP") !== protocol) return false;
    if (p.port === undefined) return true;
    if (typeof p.port === "string") {
      if (!("pod" in dest)) return false;
      return (dest.pod.ports ?? []).some(
        (c) => c.name === p.port && c.containerPort === port && (c.protocol ?? "TCP") === protocol,
      );
    }
    const from = Number(p.port);
    const to = p.endPort === undefined ? from : Number(p.endPort);
    return port >= from && port <= to;
  });
}

function policyTypes(policy: K8sObject): string[] {
  const spec = rec(policy.spec);
  const given = list(spec.policyTypes).map(str);
  if (given.length > 0) return given;
  return spec.egress !== undefined ? ["Ingress", "Egress"] : ["Ingress"];
}

/** One direction: allowed unless a policy isolates the pod and none of the isolating ones admits. */
function admits(
  policies: K8sObject[],
  namespace: string,
  direction: "Ingress" | "Egress",
  subject: Endpoint,
  other: Endpoint,
  port: number,
  protocol: string,
): boolean {
  if (!("pod" in subject) || subject.pod.namespace !== namespace) return true;
  const { pod } = subject;
  const isolating = policies.filter(
    (p) => policyTypes(p).includes(direction) && matchesSelector(rec(p.spec).podSelector, pod.labels),
  );
  if (isolating.length === 0) return true;
  const dest = direction === "Ingress" ? subject : other;
  return isolating.some((p) =>
    list(rec(p.spec)[direction === "Ingress" ? "ingress" : "egress"])
      .map(rec)
      .some((rule) => {
        const peers = list(direction === "Ingress" ? rule.from : rule.to).map(rec);
        const peerOk = peers.length === 0 || peers.some((peer) => peerMatches(peer, namespace, other));
        return peerOk && portMatches(rule.ports, port, protocol, dest);
      }),
  );
}

/**
 * Whether `from` may connect to `to` on `port` under the NetworkPolicies among `objects`, all in
 * `namespace` (the release's): the source's egress and the destination's ingress must both allow.
 */
export function connectionAllowed(
  objects: K8sObject[],
  namespace: string,
  from: Endpoint,
  to: Endpoint,
  port: number,
  protocol = "TCP",
): boolean {
  const policies = objects.filter((o) => o.kind === "NetworkPolicy");
  return (
    admits(policies, namespace, "Egress", from, to, port, protocol) &&
    admits(policies, namespace, "Ingress", to, from, port, protocol)
  );
}

/** A rendered Deployment's pods as an endpoint in `namespace`. */
export function podOf(w: Workload, namespace: string, namespaceLabels: Labels = {}): Endpoint {
  const ports = w.containers.flatMap((c) => list(c.ports).map(rec)) as ContainerPort[];
  return {
    pod: {
      namespace,
      namespaceLabels: { "kubernetes.io/metadata.name": namespace, ...namespaceLabels },
      labels: w.podLabels,
      ports,
    },
  };
}

function hasNamedPort(w: Workload, name: string): boolean {
  return w.containers.some((c) => list(c.ports).some((p) => rec(p).name === name));
}

/** Policies that select no rendered pods, and named ports no pod they concern has. */
export function checkNetworkPolicies(objects: K8sObject[], ws: Workload[]): string[] {
  const errors: string[] = [];
  for (const np of objects.filter((o) => o.kind === "NetworkPolicy")) {
    const spec = rec(np.spec);
    const selected = ws.filter((w) => matchesSelector(spec.podSelector, w.podLabels));
    if (selected.length === 0) {
      errors.push(`${idOf(np)}: podSelector matches no Deployment's pods`);
      continue;
    }
    for (const rule of list(spec.ingress).map(rec)) {
      for (const p of list(rule.ports).map(rec)) {
        if (typeof p.port === "string" && !selected.some((w) => hasNamedPort(w, p.port as string)))
          errors.push(`${idOf(np)}: ingress port ${p.port} is on none of the pods it selects`);
      }
    }
    for (const rule of list(spec.egress).map(rec)) {
      const peers = list(rule.to).map(rec);
      // Named ports towards pods of this namespace can be checked; elsewhere they are not ours.
      const local = peers.filter(
        (peer) => peer.podSelector !== undefined && peer.namespaceSelector === undefined,
      );
      if (local.length === 0 || local.length !== peers.length) continue;
      const dests = ws.filter((w) => local.some((peer) => matchesSelector(peer.podSelector, w.podLabels)));
      for (const p of list(rule.ports).map(rec)) {
        if (typeof p.port === "string" && !dests.some((w) => hasNamedPort(w, p.port as string)))
          errors.push(`${idOf(np)}: egress port ${p.port} is on none of the pods it reaches`);
      }
    }
  }
  return errors;
}
