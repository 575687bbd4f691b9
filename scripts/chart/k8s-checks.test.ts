import { describe, expect, it } from "vitest";
import { checkRefs, type RefContext } from "./k8s-refs.ts";
import { checkRules } from "./k8s-rules.ts";
import { type K8sObject, validateObject } from "./k8s-validate.ts";

// Fixtures are edited freely in each test; typing every path would only restate them.
// biome-ignore lint/suspicious/noExplicitAny: loosely typed test fixtures
type Json = any;

const labels = { app: "web" };

/** A small, correct set: Deployment, Service, Secret, HPA, PDB, Ingress, ServiceMonitor. */
function objects(): K8sObject[] {
  const container = {
    name: "web",
    image: "img:1",
    ports: [{ name: "http", containerPort: 3000 }],
    env: [{ name: "TOKEN", valueFrom: { secretKeyRef: { name: "app", key: "TOKEN" } } }],
    resources: { requests: { cpu: "100m" } },
    livenessProbe: { httpGet: { path: "/healthz", port: "http" } },
    readinessProbe: { httpGet: { path: "/readyz", port: "http" } },
    startupProbe: { httpGet: { path: "/healthz", port: 3000 } },
    securityContext: {
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"] },
    },
  };
  return [
    {
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: { name: "web", labels },
      spec: {
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: {
            securityContext: { runAsNonRoot: true, seccompProfile: { type: "RuntimeDefault" } },
            containers: [container],
          },
        },
      },
    },
    {
      apiVersion: "v1",
      kind: "Service",
      metadata: { name: "web", labels },
      spec: { selector: labels, ports: [{ name: "http", port: 80, targetPort: "http" }] },
    },
    { apiVersion: "v1", kind: "Secret", metadata: { name: "app" }, data: { TOKEN: "eA==" } },
    {
      apiVersion: "autoscaling/v2",
      kind: "HorizontalPodAutoscaler",
      metadata: { name: "web" },
      spec: {
        scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: "web" },
        minReplicas: 2,
        maxReplicas: 4,
        metrics: [
          {
            type: "Resource",
            resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 70 } },
          },
        ],
      },
    },
    {
      apiVersion: "policy/v1",
      kind: "PodDisruptionBudget",
      metadata: { name: "web" },
      spec: { minAvailable: 1, selector: { matchLabels: labels } },
    },
    {
      apiVersion: "networking.k8s.io/v1",
      kind: "Ingress",
      metadata: { name: "web" },
      spec: {
        tls: [{ secretName: "tls", hosts: ["a.test"] }],
        rules: [
          {
            host: "a.test",
            http: {
              paths: [
                {
                  path: "/",
                  pathType: "Prefix",
                  backend: { service: { name: "web", port: { name: "http" } } },
                },
              ],
            },
          },
        ],
      },
    },
    {
      apiVersion: "monitoring.coreos.com/v1",
      kind: "ServiceMonitor",
      metadata: { name: "web" },
      spec: {
        selector: { matchLabels: labels },
        endpoints: [{ port: "http", path: "/metrics", interval: "30s" }],
      },
    },
  ];
}

const ctx: RefContext = { existingSecrets: new Map() };

function all(objs: K8sObject[], context = ctx): string[] {
  return [...objs.flatMap(validateObject), ...checkRules(objs), ...checkRefs(objs, context)];
}

function edit(mutate: (objs: K8sObject[], pod: Json) => void): K8sObject[] {
  const objs = structuredClone(objects());
  mutate(objs, (objs[0] as Json).spec.template.spec);
  return objs;
}

describe("the object checks", () => {
  it("accept the correct set", () => {
    expect(all(objects())).toEqual([]);
  });

  it("report schema errors and unknown fields", () => {
    const errors = all(
      edit((_o, pod) => {
        pod.containers[0].ports[0].containerPort = "3000";
        pod.containers[0].readinessProbe.httpget = {};
      }),
    );
    expect(errors).toContain(
      "Deployment/web: spec.template.spec.containers.0.ports.0.containerPort: must be integer",
    );
    expect(errors).toContain(
      "Deployment/web: spec.template.spec.containers.0.readinessProbe.httpget: unknown field",
    );
    // The ServiceMonitor against the Prometheus Operator's CRD schema, unknown fields too.
    const monitor = edit((objs) => {
      const ep = (objs[6] as Json).spec.endpoints[0];
      ep.interval = "30 seconds";
      ep.intervall = "30s";
    });
    expect(all(monitor)).toContain("ServiceMonitor/web: spec.endpoints.0.intervall: unknown field");
    expect(all(monitor).join("\n")).toMatch(
      /ServiceMonitor\/web: spec.endpoints.0.interval: must match pattern/,
    );
    expect(validateObject({ apiVersion: "v9", kind: "Thing", metadata: { name: "x" } })[0]).toMatch(
      /no schema for v9\/Thing/,
    );
  });

  it("report broken references", () => {
    const errors = all(
      edit((objs, pod) => {
        pod.containers[0].env[0].valueFrom.secretKeyRef.key = "MISSING";
        pod.containers[0].livenessProbe.httpGet.port = "admin";
        (objs[1] as Json).spec.selector = { app: "api" };
        (objs[3] as Json).spec.scaleTargetRef.name = "gone";
        (objs[5] as Json).spec.rules[0].http.paths[0].backend.service.port = { name: "grpc" };
        (objs[6] as Json).spec.endpoints[0].port = "metrics";
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        "Deployment/web: env TOKEN: Secret/app has no key MISSING",
        "Deployment/web: container web: livenessProbe port admin is not a container port",
        "Service/web: selector matches no Deployment's pods",
        "HorizontalPodAutoscaler/web: scale target Deployment/gone is not rendered",
        "Ingress/web: backend port not on Service/web",
        "ServiceMonitor/web: port metrics not on Service/web",
      ]),
    );
  });

  it("accepts a key of a documented existing Secret, and nothing else from it", () => {
    const objs = objects().filter((o) => o.kind !== "Secret");
    expect(all(objs, { existingSecrets: new Map([["app", new Set(["TOKEN"])]]) })).toEqual([]);
    expect(all(objs)).toContain(
      "Deployment/web: env TOKEN: Secret/app is neither rendered nor a documented existing Secret",
    );
  });

  it("report scaling that fights itself and PDBs that block drains", () => {
    const errors = all(
      edit((objs, pod) => {
        (objs[0] as Json).spec.replicas = 3;
        delete pod.containers[0].resources;
        (objs[4] as Json).spec.minAvailable = 2;
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        "Deployment/web: sets replicas although HorizontalPodAutoscaler/web scales it",
        "HorizontalPodAutoscaler/web: scales on cpu but containers request none",
        "PodDisruptionBudget/web: minAvailable 2 with 2 replica(s) blocks every node drain",
      ]),
    );
  });

  it("report what the API server or the restricted Pod Security profile refuses", () => {
    const errors = all(
      edit((objs, pod) => {
        pod.securityContext = {};
        pod.containers[0].securityContext.capabilities = { add: ["NET_ADMIN"] };
        pod.containers[0].env.push({ name: "TOKEN", value: "again" });
        (objs[0] as Json).spec.selector.matchLabels = { app: "other" };
        (objs[1] as Json).metadata.name = "Web_Service";
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        "Deployment/web: pod securityContext.runAsNonRoot must be true",
        "Deployment/web: seccompProfile must be RuntimeDefault",
        "Deployment/web: container web: must drop ALL capabilities",
        "Deployment/web: container web: adds capabilities NET_ADMIN",
        "Deployment/web: container web: env TOKEN is defined twice (the last silently wins)",
        "Deployment/web: selector app=other does not match the pod template labels",
        'Service/Web_Service: name "Web_Service" is not a DNS-1035 label (63 max)',
      ]),
    );
  });

  it("accept two Services on different ports of the same pods, not on the same port", () => {
    const second = (port: string): K8sObject => ({
      apiVersion: "v1",
      kind: "Service",
      metadata: { name: "web-internal", labels: { role: "internal" } },
      spec: { selector: labels, ports: [{ name: port, port: 8080, targetPort: port }] },
    });
    const withAdmin = edit((objs, pod) => {
      pod.containers[0].ports.push({ name: "admin", containerPort: 8080 });
      objs.push(second("admin"));
    });
    expect(all(withAdmin)).toEqual([]);
    const copy = edit((objs) => objs.push(second("http")));
    expect(all(copy)).toContain("Service/web-internal and Service/web select the same pods and port");
  });

  it("report NetworkPolicies that select no pods or name a port they do not have", () => {
    const policy = {
      apiVersion: "networking.k8s.io/v1",
      kind: "NetworkPolicy",
      metadata: { name: "web" },
      spec: {
        podSelector: { matchLabels: labels },
        policyTypes: ["Ingress", "Egress"],
        ingress: [{ ports: [{ port: "http", protocol: "TCP" }] }],
        egress: [{ to: [{ podSelector: { matchLabels: labels } }], ports: [{ port: "http" }] }],
      },
    };
    expect(all([...objects(), policy])).toEqual([]);
    const broken = structuredClone(policy) as Json;
    broken.spec.ingress[0].ports[0].port = "admin";
    broken.spec.egress[0].ports[0].port = "grpc";
    const lost = structuredClone(policy) as Json;
    lost.metadata.name = "lost";
    lost.spec.podSelector = { matchExpressions: [{ key: "app", operator: "In", values: ["api"] }] };
    expect(all([...objects(), broken, lost])).toEqual([
      "NetworkPolicy/web: ingress port admin is on none of the pods it selects",
      "NetworkPolicy/web: egress port grpc is on none of the pods it reaches",
      "NetworkPolicy/lost: podSelector matches no Deployment's pods",
    ]);
  });
});
