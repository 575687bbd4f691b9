import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ConnectRouter } from "@connectrpc/connect";
import { ScrapingService } from "@dirabot/proto/scraping/v1/scraping_pb.js";
import type { StatusService } from "./status.service.ts";

const ts = (d: Date | undefined) => (d ? timestampFromDate(d) : undefined);

/** ScrapingService for the source `facebook-scraper`: one thin handler per RPC. */
export function routes(status: StatusService) {
  return (router: ConnectRouter) =>
    router.service(ScrapingService, {
      getStatus: async () => {
        const s = await status.status();
        return {
          sources: [
            {
              ...s,
              lastRunAt: ts(s.lastRunAt),
              lastSuccessAt: ts(s.lastSuccessAt),
              nextRunAt: ts(s.nextRunAt),
            },
          ],
        };
      },
      getFigures: async () => {
        const f = await status.figures();
        const blocked = f.blocked.map((p) => ({ from: ts(p.from), to: ts(p.to), reason: p.reason }));
        return { sources: [{ ...f, blocked }] };
      },
      getPreview: async (r) => {
        const p = await status.preview(r.name);
        return { image: p.image, contentType: "image/png", takenAt: timestampFromDate(p.takenAt) };
      },
    });
}
