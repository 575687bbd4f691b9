import type { DescService } from "@bufbuild/protobuf";
import {
  type Client,
  type ConnectRouter,
  createClient,
  createRouterTransport,
  type Transport,
} from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { envNameOf } from "../settings.ts";
import { MAX_MESSAGE_BYTES } from "./server.ts";
import type { CallerOf, ServiceTrust } from "./trust.ts";

/**
 * Connect over HTTP/2 to a service's internal listener, every call signed as `caller` with the key
 * of its calls to `callee` (the component there; unsaid, the first that serves the RPC's service).
 */
export function remoteTransport(
  url: string,
  trust: ServiceTrust,
  caller: CallerOf,
  callee?: string,
): Transport {
  return createConnectTransport({
    baseUrl: url,
    httpVersion: "2",
    useBinaryFormat: true,
    interceptors: [trust.client(caller, callee)],
    readMaxBytes: MAX_MESSAGE_BYTES,
    writeMaxBytes: MAX_MESSAGE_BYTES,
  });
}

/**
 * Where each service is reached. Services in this process are called through an in-memory
 * Connect transport (same handlers and the same trust interceptors, no socket); the others over
 * HTTP/2 at <NAME>_SERVICE_URL. Every call carries the caller's service credential either way.
 */
export class ServiceDirectory {
  #local = new Map<string, (router: ConnectRouter) => void>();
  #remote: Record<string, string | undefined>;
  #trust: ServiceTrust;
  #log: Logger | undefined;
  #transports = new Map<string, Transport>();

  constructor(remote: Record<string, string | undefined>, trust: ServiceTrust, log?: Logger) {
    this.#remote = remote;
    this.#trust = trust;
    this.#log = log;
  }

  addLocal(name: string, routes: (router: ConnectRouter) => void): void {
    this.#local.set(name, routes);
    for (const key of this.#transports.keys()) if (key.endsWith(`>${name}`)) this.#transports.delete(key);
  }

  has(name: string): boolean {
    return this.#local.has(name) || this.#remote[name] !== undefined;
  }

  /** How `caller` (a service's name, or "gateway") reaches the service `name`. */
  transport(caller: string, name: string): Transport {
    const key = `${caller}>${name}`;
    const cached = this.#transports.get(key);
    if (cached) return cached;
    const routes = this.#local.get(name);
    const url = this.#remote[name];
    const credential = this.#trust.client(caller, name);
    let t: Transport;
    if (routes)
      t = createRouterTransport(routes, {
        transport: { interceptors: [credential] },
        router: { interceptors: [this.#trust.server(this.#log)] },
      });
    else if (url) t = remoteTransport(url, this.#trust, caller, name);
    else
      throw new AppError(
        "unavailable",
        `service ${name} is not run by this process and ${envNameOf(name)} is not set`,
      );
    this.#transports.set(key, t);
    return t;
  }

  client<S extends DescService>(caller: string, name: string, desc: S): Client<S> {
    const lazy: Transport = {
      unary: (...args) => this.transport(caller, name).unary(...args),
      stream: (...args) => this.transport(caller, name).stream(...args),
    };
    return createClient(desc, lazy);
  }
}
