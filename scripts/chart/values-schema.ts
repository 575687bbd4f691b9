// The chart's values, typed once: this zod schema is where they are described, and
// deploy/helm/dirabot/values.schema.json (which helm holds every install, lint and template to)
// is generated from it. `node scripts/chart/values-schema.ts` rewrites that file; a test fails
// when it is stale. Draft-07, which Helm 3 and 4 both read. Unknown keys are errors everywhere
// (strictObject) except where a value is a raw Kubernetes object, checked once rendered.
// Helm validates with Go's RE2: no lookaheads in patterns.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";

export const schemaFile = resolve(import.meta.dirname, "../../deploy/helm/dirabot/values.schema.json");

export const COMPONENTS = [
  "gateway",
  "identity",
  "bots",
  "chat",
  "listings",
  "notifications",
  "telegram",
  "scraper-yad2",
  "scraper-facebook",
] as const;

/** Variables the chart sets itself (or from its Secret): env blocks may not override them. */
const RESERVED_ENV = [
  "SERVICES",
  "PORT",
  "HOME",
  "DATABASE_URL",
  "NATS_URL",
  "REDIS_URL",
  "CHROME_PATH",
  "FACEBOOK_COOKIES_FILE",
  "JWT_SECRET",
  "ADMIN_PASSWORD",
  "TELEGRAM_BOT_TOKEN",
  "GOOGLE_CLIENT_SECRET",
  "VAPID_PRIVATE_KEY",
  "INTERNAL_PORT",
  "INTERNAL_HOST",
  "TRUST_PROXY",
  "SERVICE_SECRET",
  "SERVICE_KEYS",
];

const httpUrl = z.string().regex(/^https?:\/\/\S+$/);
const stringMap = z.record(z.string(), z.string()).meta({ id: "stringMap" });
/** A raw Kubernetes object, passed through and checked against its schema once rendered. */
const k8sObject = (description: string) => z.record(z.string(), z.unknown()).describe(description);
/** A list without repeats (JSON Schema's uniqueItems; zod has no keyword of its own). */
const unique = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .refine((a) => new Set(a.map((v) => JSON.stringify(v))).size === a.length, "items must be unique")
    .meta({ uniqueItems: true });
const component = z.enum(COMPONENTS).meta({ id: "componentName" });
/** A count or a percentage, as Deployments and PDBs take them. */
const intOrPercent = z.union([z.int().min(0), z.string().regex(/^[0-9]+%$/)]);
const quantity = z.union([z.number(), z.string().regex(/^[0-9]+(\.[0-9]+)?(m|k|Ki|Mi|Gi|Ti|M|G|T)?$/)]);
const secretName = z
  .string()
  .max(253)
  .regex(/^([a-z0-9]([-a-z0-9.]*[a-z0-9])?)?$/)
  .meta({ id: "secretName" });

const envName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
  .refine((k) => !RESERVED_ENV.includes(k), "set by the chart")
  .meta({ not: { enum: RESERVED_ENV } });
const env = z
  .record(envName, z.union([z.string(), z.number(), z.boolean()]))
  .meta({ id: "env", description: "Extra environment variables: NAME -> value." });

const resourceList = z.strictObject({
  cpu: quantity.optional(),
  memory: quantity.optional(),
  "ephemeral-storage": quantity.optional(),
});
const resources = z
  .strictObject({ requests: resourceList.optional(), limits: resourceList.optional() })
  .meta({ id: "resources" });

const autoscaling = z.strictObject({
  enabled: z.boolean(),
  minReplicas: z.int().min(1),
  maxReplicas: z.int().min(1),
  targetCPUUtilizationPercentage: z.int().min(1).max(100),
  targetMemoryUtilizationPercentage: z.int().min(1).max(100).optional(),
});

const componentFields = {
  enabled: z.boolean(),
  replicas: z.int().min(0),
  browser: z.boolean().describe("Use the image variant with Chromium (image.browserTagSuffix)."),
  strategy: z
    .strictObject({
      type: z.enum(["RollingUpdate", "Recreate"]).optional(),
      rollingUpdate: z
        .strictObject({ maxSurge: intOrPercent.optional(), maxUnavailable: intOrPercent.optional() })
        .optional(),
    })
    .optional(),
  resources,
  autoscaling,
  pdb: z.strictObject({
    enabled: z.boolean(),
    minAvailable: intOrPercent.optional(),
    maxUnavailable: intOrPercent.optional(),
  }),
  persistence: z.strictObject({
    enabled: z.boolean(),
    size: z.string().regex(/^[0-9]+(Ki|Mi|Gi|Ti)$/),
    storageClass: z.string(),
    accessModes: unique(z.enum(["ReadWriteOnce", "ReadWriteOncePod", "ReadWriteMany", "ReadOnlyMany"])).min(
      1,
    ),
  }),
  env,
  podAnnotations: stringMap,
  nodeSelector: stringMap,
  tolerations: z.array(
    z.strictObject({
      key: z.string().optional(),
      operator: z.enum(["Exists", "Equal"]).optional(),
      value: z.string().optional(),
      effect: z.enum(["NoSchedule", "PreferNoSchedule", "NoExecute"]).optional(),
      tolerationSeconds: z.int().optional(),
    }),
  ),
  affinity: k8sObject("A Kubernetes Affinity; checked against the Kubernetes schema once rendered."),
};
const service = z.strictObject(componentFields).meta({ id: "component" });

const labelSelector = z
  .strictObject({
    matchLabels: stringMap.optional(),
    matchExpressions: z
      .array(
        z.strictObject({
          key: z.string().min(1),
          operator: z.enum(["In", "NotIn", "Exists", "DoesNotExist"]),
          values: z.array(z.string()).optional(),
        }),
      )
      .optional(),
  })
  .meta({ id: "labelSelector", description: "A Kubernetes LabelSelector; {} selects everything." });
const cidr = z.string().regex(/^[0-9a-fA-F:.]+\/[0-9]{1,3}$/);
const ipBlocks = z
  .array(z.strictObject({ cidr, except: z.array(cidr).optional() }))
  .meta({ id: "ipBlocks", description: "NetworkPolicy ipBlocks." });
const ports = unique(z.int().min(1).max(65535)).meta({
  id: "ports",
  description: "TCP port numbers; empty: every port.",
});
const peers = z
  .strictObject({ namespaceSelector: labelSelector, podSelector: labelSelector, ipBlocks })
  .meta({ id: "peers" });

const external = (scheme: string) =>
  z.strictObject({
    url: z.string().regex(new RegExp(`^((${scheme})://\\S+)?$`)),
    existingSecret: secretName,
    existingSecretKey: z.string().regex(/^[-._a-zA-Z0-9]+$/),
  });

const probe = z
  .strictObject({
    periodSeconds: z.int().min(1),
    timeoutSeconds: z.int().min(1),
    failureThreshold: z.int().min(1),
    initialDelaySeconds: z.int().min(0).optional(),
  })
  .meta({ id: "probe" });

const minSecret = z
  .string()
  .regex(/^(.{32,})?$/)
  .describe("At least 32 characters (the processes refuse shorter); empty: generated once at install.");

export const valuesSchema = z
  .strictObject({
    global: k8sObject("Helm's global values.").optional(),
    nameOverride: z.string(),
    fullnameOverride: z.string().max(63),
    image: z.strictObject({
      repository: z.string().min(1),
      tag: z.string(),
      pullPolicy: z.enum(["Always", "IfNotPresent", "Never"]),
      browserTagSuffix: z.string(),
    }),
    imagePullSecrets: z.array(z.strictObject({ name: z.string().min(1) })),
    serviceAccount: z.strictObject({ create: z.boolean(), name: z.string(), annotations: stringMap }),
    podAnnotations: stringMap,
    podLabels: stringMap,
    podSecurityContext: k8sObject("A Kubernetes PodSecurityContext."),
    securityContext: k8sObject("A Kubernetes SecurityContext (every container)."),
    config: z.strictObject({
      publicUrl: z
        .string()
        .regex(/^https?:\/\/[^\s/]+(\/\S*[^/\s])?$/)
        .describe("No trailing slash."),
      logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]),
      demo: z.boolean(),
      adminEmail: z.string().regex(/^([^@\s]+@[^@\s]+)?$/),
      scraperMode: z.enum(["http", "browser"]),
      chromePath: z.string().min(1),
      yad2: z.strictObject({
        apiUrl: httpUrl,
        cities: z.array(z.union([z.int().min(1), z.string().regex(/^[0-9]+$/)])).min(1),
        intervalSeconds: z.int().min(10),
        cleanerIntervalSeconds: z.int().min(60),
      }),
      facebook: z.strictObject({
        groups: unique(z.string().regex(/^[A-Za-z0-9._-]+$/)),
        url: httpUrl,
        intervalSeconds: z.int().min(30),
      }),
      telegram: z.strictObject({ apiRoot: httpUrl }),
      google: z.strictObject({ clientId: z.string(), issuer: httpUrl }),
      vapid: z.strictObject({
        publicKey: z.string().regex(/^[A-Za-z0-9_=-]*$/),
        subject: z.string().regex(/^(mailto:|https:\/\/)\S+$/),
      }),
      geocoderUrl: httpUrl,
      sourceAlertAfterMinutes: z.int().min(1).max(1440),
      extraEnv: env,
    }),
    secrets: z.strictObject({
      existingSecret: secretName,
      env: z.strictObject({
        JWT_SECRET: minSecret.optional(),
        SERVICE_SECRET: minSecret
          .describe(`The master every service key derives from; no pod gets it. ${minSecret.description}`)
          .optional(),
        ADMIN_PASSWORD: z.string().optional(),
        TELEGRAM_BOT_TOKEN: z.string().optional(),
        GOOGLE_CLIENT_SECRET: z.string().optional(),
        VAPID_PRIVATE_KEY: z.string().optional(),
      }),
      facebookCookies: z.string(),
    }),
    secretConsumers: z.strictObject({
      JWT_SECRET: unique(component),
      ADMIN_PASSWORD: unique(component),
      TELEGRAM_BOT_TOKEN: unique(component),
      GOOGLE_CLIENT_SECRET: unique(component),
      VAPID_PRIVATE_KEY: unique(component),
    }),
    externalDatabase: external("postgres|postgresql"),
    externalNats: external("nats|tls"),
    externalRedis: external("redis|rediss"),
    access: z
      .strictObject({
        perService: z.boolean(),
        existingSecret: secretName,
        provision: z.strictObject({ enabled: z.boolean(), backoffLimit: z.int().min(0), resources }),
      })
      .describe('Each service its own PostgreSQL role and NATS user (README "Least privilege").'),
    postgresql: z
      .strictObject({
        enabled: z.boolean(),
        fullnameOverride: z.string().optional(),
        auth: z.strictObject({
          username: z.string().min(1),
          password: z.string(),
          database: z.string().min(1),
        }),
      })
      .describe("The umbrella chart's PostgreSQL (deploy/helm/dirabot-stack), as DATABASE_URL needs it."),
    redis: z
      .strictObject({
        enabled: z.boolean(),
        fullnameOverride: z.string().optional(),
        auth: z.strictObject({ enabled: z.boolean(), password: z.string() }),
      })
      .describe("The umbrella chart's Redis, as REDIS_URL needs it."),
    nats: z
      .strictObject({ enabled: z.boolean(), fullnameOverride: z.string().optional() })
      .describe("The umbrella chart's NATS, as NATS_URL needs it."),
    probes: z.strictObject({ grpc: z.boolean(), startup: probe, liveness: probe, readiness: probe }),
    metrics: z.strictObject({
      podAnnotations: z.boolean(),
      serviceMonitor: z.strictObject({
        enabled: z.boolean(),
        interval: z.string().regex(/^[0-9]+(ms|s|m|h)$/),
        labels: stringMap,
      }),
    }),
    topologySpread: z.strictObject({
      enabled: z.boolean(),
      topologyKey: z.string().min(1),
      maxSkew: z.int().min(1),
    }),
    serviceAppProtocol: z.string(),
    networkPolicy: z.strictObject({
      enabled: z.boolean(),
      ingressController: peers,
      monitoring: peers,
      engines: z.strictObject({
        ports,
        namespaces: unique(
          z
            .string()
            .max(63)
            .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/),
        ),
        ipBlocks,
      }),
      internet: z.strictObject({ components: unique(component), ports, ipBlocks }),
      extraIngress: z
        .array(z.record(z.string(), z.unknown()))
        .describe("NetworkPolicyIngressRule objects for every pod of the release; checked once rendered."),
      extraEgress: z
        .array(z.record(z.string(), z.unknown()))
        .describe("NetworkPolicyEgressRule objects for every pod of the release; checked once rendered."),
    }),
    ingress: z.strictObject({
      enabled: z.boolean(),
      className: z.string(),
      annotations: stringMap,
      hosts: z.array(z.string().regex(/^(\*\.)?[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/)).min(1),
      tls: z.array(
        z.strictObject({
          secretName: z
            .string()
            .min(1)
            .max(253)
            .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/),
          hosts: z.array(z.string()).min(1),
        }),
      ),
    }),
    gateway: z.strictObject({
      ...componentFields,
      service: z.strictObject({
        type: z.enum(["ClusterIP", "NodePort", "LoadBalancer"]),
        port: z.int().min(1).max(65535),
      }),
      trustProxy: z
        .int()
        .min(0)
        .max(10)
        .describe(
          "TRUST_PROXY of the gateway: the reverse proxies (ingress controller, load balancer) whose X-Forwarded-For entries are believed.",
        ),
    }),
    routing: z
      .strictObject({
        url: z.union([z.literal(""), httpUrl]).describe("ROUTING_URL: an OSRM server run elsewhere."),
        modes: unique(z.enum(["driving", "cycling", "walking"])).min(1),
        osrm: z.strictObject({
          enabled: z.boolean(),
          image: z.string().min(1),
          profile: z.string().regex(/^[a-z_]+$/),
          extractUrl: httpUrl,
          storage: z.strictObject({ size: quantity, storageClass: z.string() }),
          resources,
        }),
      })
      .describe("Travel times (docs/PRODUCT.md, Places): an OSRM server, or none (the estimate)."),
    services: z.strictObject({
      identity: service,
      bots: service,
      chat: service,
      listings: service,
      notifications: service,
      telegram: z
        .strictObject({
          ...componentFields,
          replicas: z.int().min(0).max(1),
          autoscaling: autoscaling.extend({ enabled: z.literal(false) }),
        })
        .describe("Only one process may long-poll Telegram."),
      "scraper-yad2": service,
      "scraper-facebook": service,
    }),
  })
  .meta({
    title: "dirabot chart values",
    description:
      "Values of the dirabot chart (deploy/helm/dirabot), generated from scripts/chart/values-schema.ts. Unknown keys are errors.",
  });

export type ChartValues = z.infer<typeof valuesSchema>;

/** values.schema.json as it should be. */
export function valuesJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(valuesSchema, { target: "draft-07", io: "input" }) as Record<string, unknown>;
}

if (import.meta.main) {
  writeFileSync(schemaFile, `${JSON.stringify(valuesJsonSchema(), null, 2)}\n`);
  // The committed file is formatted as `biome check` wants it.
  spawnSync("biome", ["format", "--write", schemaFile], { stdio: "inherit" });
  console.log(`wrote ${schemaFile}`);
}
