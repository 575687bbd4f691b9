import { adminRoutes } from "@dirabot/api";
import type { GatewayContext } from "@dirabot/platform";
import { SERVICE_NAMES } from "@dirabot/platform";
import {
  Health,
  HealthCheckResponse_ServingStatus as Status,
} from "@dirabot/proto/grpc/health/v1/health_pb.js";
import type Router from "@koa/router";
import type { ApiDoc } from "../openapi.ts";

const VERSION = process.env.npm_package_version ?? "0.1.0";

/**
 * GET /api/health: 200 once every service this gateway reaches is serving (asked through the
 * standard gRPC health check for services in other processes), 503 before, naming each state.
 */
export function healthRoutes(router: Router, ctx: GatewayContext, doc: ApiDoc): void {
  doc.add(adminRoutes.health);
  router.get("/api/health", async (k) => {
    const services: Record<string, string> = {};
    await Promise.all(
      SERVICE_NAMES.map(async (name) => {
        const local = ctx.health.status(name);
        if (local !== Status.SERVICE_UNKNOWN) {
          services[name] = local === Status.SERVING ? "serving" : "not_serving";
          return;
        }
        if (!ctx.settings.serviceUrls[name]) return; // not part of this deployment
        try {
          const res = await ctx.client(name, Health).check({ service: name }, { timeoutMs: 2000 });
          services[name] = res.status === Status.SERVING ? "serving" : "not_serving";
        } catch {
          services[name] = "unreachable";
        }
      }),
    );
    const ok = Object.values(services).every((s) => s === "serving");
    k.status = ok ? 200 : 503;
    k.set("Cache-Control", "no-store");
    k.body = { status: ok ? "ok" : "degraded", services, version: VERSION };
  });
}
