import type { ConnectRouter } from "@connectrpc/connect";
import { toAppError } from "@dirabot/platform";
import { ScrapingService } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import type { StatusService } from "./status.service.ts";

/** Turns the product's errors into Connect errors with the same code and message. */
async function rpc<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toAppError(err).toConnect();
  }
}

/** One thin handler per RPC: the figures live in the status service. */
export function routes(status: StatusService) {
  return (router: ConnectRouter) =>
    router.service(ScrapingService, {
      getStatus: () => rpc(async () => ({ sources: await status.all() })),
      getPreview: (r) => rpc(() => status.preview(r.name)),
    });
}
