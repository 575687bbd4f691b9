import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { DescService } from "@bufbuild/protobuf";
import { type Client, createClient } from "@connectrpc/connect";
import { gateway } from "@dirabot/gateway";
import { callersOf, launch, loadSettings, remoteTransport, ServiceTrust } from "@dirabot/platform";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { type Cluster, startCluster } from "./cluster.ts";
import { MODULES } from "./services.ts";

/**
 * The whole product for whole-product tests and benchmarks, in either shape: one process on the
 * embedded engines, or (when the CI servers are named) every service in its own process on
 * PostgreSQL, NATS and Redis. Outside services (Yad2, …) are the caller's doubles, named in `env`.
 */
export interface Product {
  shape: "one process" | "one process per service";
  base: string;
  listings: Client<typeof ListingsService>;
  /** A client of any service's internal listener, signed as another service would sign (benches). */
  internal<S extends DescService>(service: string, desc: S): Client<S>;
  /** The services' database (the embedded one's address works only inside this process). */
  databaseUrl?: string;
  /** Only in the multi-process shape: crash and restart one service. */
  cluster?: Cluster;
  stop(): Promise<void>;
}

export interface ProductServers {
  database?: string;
  nats?: string;
  redis?: string;
}

const fromEnv: ProductServers = {
  database: process.env.TEST_DATABASE_URL,
  nats: process.env.TEST_NATS_URL,
  redis: process.env.TEST_REDIS_URL,
};

// Benches and tests call any RPC, each signed as a component its allow-list names.
const asAllowed = (service: string, method: string) => callersOf(service, method)[0] ?? "gateway";

// The listings service as its callers reach it (Ingest as a scraper): its internal listener, signed.
const connect = (url: string, secret: ServiceTrust) =>
  createClient(ListingsService, remoteTransport(url, secret, asAllowed, "listings"));

export async function startProduct(
  env: Record<string, string>,
  servers: ProductServers = fromEnv,
  log?: (line: string) => void,
): Promise<Product> {
  if (servers.database && servers.nats) {
    // The cluster's own NATS, each process its own user (the machine's has none).
    const cluster = await startCluster({
      databaseUrl: servers.database,
      ownDatabase: true,
      redisUrl: servers.redis,
      env: { LOG_LEVEL: "warn", ...env },
      log,
    });
    const trust = new ServiceTrust(cluster.serviceSecret);
    return {
      shape: "one process per service",
      base: cluster.gatewayUrl,
      listings: connect(cluster.urls.get("listings") as string, trust),
      internal: (service, desc) =>
        createClient(desc, remoteTransport(cluster.urls.get(service) as string, trust, asAllowed, service)),
      cluster,
      databaseUrl: cluster.access.adminUrl,
      stop: () => cluster.stop(),
    };
  }
  const settings = loadSettings({
    LOG_LEVEL: "silent",
    ...env,
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-product-")),
    DATABASE_URL: servers.database,
    NATS_URL: servers.nats,
    REDIS_URL: servers.redis,
  });
  const running = await launch(settings, MODULES, gateway());
  const base = `http://127.0.0.1:${running.port}`;
  const listings = connect(`http://127.0.0.1:${running.internalPort}`, running.trust);
  const internal = `http://127.0.0.1:${running.internalPort}`;
  return {
    shape: "one process",
    base,
    listings,
    internal: (service, desc) =>
      createClient(desc, remoteTransport(internal, running.trust, asAllowed, service)),
    databaseUrl: running.databaseUrl,
    stop: () => running.stop(),
  };
}
