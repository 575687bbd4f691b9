import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Yad2Double } from "@dirabot/scraper-yad2/testing";

// Yad2 for the browser tests: the scrapers' double (real HTTP, Yad2's recorded shapes), so the Yad2
// scraper and cleaner of the e2e product run and report online. The specs switch it through a
// control listener of its own (E2E_YAD2_DOUBLE): `POST /__control/failing?on=1` makes every Yad2
// answer an HTTP 500, as when Yad2 itself fails (the scraper goes offline at its next run), `on=0`
// heals it; `POST /__control/listings?count=&hood=&price=&postedAgo=` lists flats in a Tel Aviv
// neighbourhood at a price, posted on "Yad2" postedAgo seconds ago (freshness). Items it never
// listed answer as present, so the cleaner removes no spec's listings.

export interface E2eYad2 {
  /** YAD2_API_URL for the product. */
  url: string;
  /** The control listener, for the specs. */
  control: string;
  close(): Promise<void>;
}

export async function startYad2Double(): Promise<E2eYad2> {
  const yad2 = await Yad2Double.start({ unknownItems: "alive" });
  const control = createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://control");
    if (req.method === "POST" && u.pathname === "/__control/failing") {
      yad2.failing(u.searchParams.get("on") === "1");
      return res.writeHead(204).end();
    }
    if (req.method === "POST" && u.pathname === "/__control/listings") {
      const n = (k: string, d: number) => Number(u.searchParams.get(k) ?? d);
      const postedAt = new Date(Date.now() - n("postedAgo", 0) * 1000);
      const made: string[] = [];
      // The double lays flats over its neighbourhoods in turn: keep those in the one asked for.
      for (let tries = 0; made.length < n("count", 1) && tries < 1000; tries++) {
        const [l] = yad2.addListings(1, { city: 5000, postedAt, price: n("price", 5000), rooms: 3 });
        if (!l) break;
        if (l.hoodId === n("hood", 205)) made.push(l.token);
        else yad2.listings.delete(l.token);
      }
      return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(made));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => control.listen(0, "127.0.0.1", r));
  return {
    url: yad2.url,
    control: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    async close() {
      control.closeAllConnections();
      await new Promise<void>((r) => control.close(() => r()));
      await yad2.close();
    },
  };
}
