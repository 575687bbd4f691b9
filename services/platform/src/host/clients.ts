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
import { envNameOf } from "../settings.ts";

/**
 * Where each service is reached. Services in this process are called through an in-memory
 * Connect transport (same handlers, no socket); the others over HTTP/2 at <NAME>_SERVICE_URL.
 */
export class ServiceDirectory {
  #local = new Map<string, (router: ConnectRouter) => void>();
  #remote: Record<string, string | undefined>;
  #transports = new Map<string, Transport>();

  constructor(remote: Record<string, string | undefined>) {
    this.#remote = remote;
  }

  addLocal(name: string, routes: (router: ConnectRouter) => void): void {
    this.#local.set(name, routes);
    this.#transports.delete(name);
  }

  has(name: string): boolean {
    return this.#local.has(name) || this.#remote[name] !== undefined;
  }

  transport(name: string): Transport {
    const cached = this.#transports.get(name);
    if (cached) return cached;
    const routes = this.#local.get(name);
    const url = this.#remote[name];
    let t: Transport;
    if (routes) t = createRouterTransport(routes);
    else if (url) t = createConnectTransport({ baseUrl: url, httpVersion: "2", useBinaryFormat: true });
    else
      throw new AppError(
        "unavailable",
        `service ${name} is not run by this process and ${envNameOf(name)} is not set`,
      );
    this.#transports.set(name, t);
    return t;
  }

  client<S extends DescService>(name: string, desc: S): Client<S> {
    const lazy: Transport = {
      unary: (...args) => this.transport(name).unary(...args),
      stream: (...args) => this.transport(name).stream(...args),
    };
    return createClient(desc, lazy);
  }
}
