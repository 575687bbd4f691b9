import type { ConnectRouter } from "@connectrpc/connect";
import { ScrapingService } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import type { StatusService } from "./status.service.ts";

/** One thin handler per RPC: the figures live in the status service (errors mapped by the host). */
export function routes(status: StatusService) {
  return (router: ConnectRouter) =>
    router.service(ScrapingService, {
      getStatus: async () => ({ sources: await status.all() }),
      getPreview: (r) => status.preview(r.name),
      getFigures: async () => ({ sources: await status.figures() }),
    });
}
