import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Yad2Double } from "../../test/yad2-double.ts";
import { readAll } from "../crawl/split.ts";
import { Yad2Client } from "./client.ts";
import { BlockedError, SourceError } from "./errors.ts";
import { HttpFetcher } from "./http-fetcher.ts";

const signal = new AbortController().signal;

/** Serves one fixed JSON answer, runs `fn` against it, and hands back the request headers seen. */
async function answering<T>(body: string, fn: (base: string) => Promise<T>) {
  let headers: http.IncomingHttpHeaders = {};
  const server = http.createServer((req, res) => {
    headers = req.headers;
    res.writeHead(200, { "content-type": "application/json" }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return headers;
  } finally {
    server.close();
  }
}

describe("the Yad2 client over HTTP", () => {
  let yad2: Yad2Double;
  let client: Yad2Client;
  beforeAll(async () => {
    yad2 = await Yad2Double.start();
    client = new Yad2Client({ baseUrl: yad2.url, fetcher: new HttpFetcher({ timeoutMs: 5000 }) });
  });
  afterAll(() => yad2.close());

  it("reads markers and item details in the recorded shapes", async () => {
    const [l] = yad2.addListings(1, { city: 6300, price: 6400 });
    const markers = await client.map({ region: 3, city: 6300 }, signal);
    expect(markers.map((m) => [m.token, m.price])).toEqual([[l?.token, 6400]]);
    const answer = await client.item(l?.token as string, signal);
    expect(answer.gone).toBe(false);
    if (!answer.gone) expect(answer.item.metaData?.description).toBe(l?.description);
  });

  it("sends the headers of an ordinary browser", async () => {
    const seen = await answering("{}", (base) =>
      new HttpFetcher({ timeoutMs: 2000 }).get(`${base}/realestate-item/x`, signal),
    );
    expect(seen["accept-language"]).toMatch(/^he-IL/);
    expect(seen.origin).toBe("https://www.yad2.co.il");
    expect(seen.referer).toBe("https://www.yad2.co.il/");
    expect(seen["user-agent"]).toMatch(/Chrome\/\d+/);
  });

  it("asks for one neighbourhood of a city (the areas of active bots)", async () => {
    const [l] = yad2.addListings(3, { city: 7900, region: 1 });
    const markers = await client.map({ region: 1, city: 7900, neighborhood: l?.hoodId }, signal);
    expect(markers.map((m) => m.address?.neighborhood?.text)).toEqual([l?.hood]);
  });

  it("says why Yad2 did not answer", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r)); // nothing listens there now
    const down = new Yad2Client({
      baseUrl: `http://127.0.0.1:${port}`,
      fetcher: new HttpFetcher({ timeoutMs: 2000 }),
    });
    const err = await down.map({ region: 3 }, signal).catch((e) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect(err.message).toMatch(/^Yad2 did not answer: .*ECONNREFUSED/);
  });

  it("reports removed items as gone (404 or a page without the item)", async () => {
    const [a, b] = yad2.addListings(2, { city: 6300 });
    yad2.remove(a?.token as string);
    yad2.remove(b?.token as string, "empty");
    expect(await client.item(a?.token as string, signal)).toEqual({ gone: true });
    expect(await client.item(b?.token as string, signal)).toEqual({ gone: true });
  });

  it("names what is wrong when the answer is not the expected shape", async () => {
    const err = await client.map({ city: 5000, foo: 1 } as never, signal).catch((e) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect(err.message).toContain("HTTP 400");
    const body = JSON.stringify({ data: { markers: [{ token: "a" }, { price: 5000 }] } });
    const shape = await answering(body, (base) =>
      new Yad2Client({ baseUrl: base, fetcher: new HttpFetcher({ timeoutMs: 2000 }) }).map(
        { region: 3 },
        signal,
      ),
    ).then(
      () => undefined,
      (e) => e,
    );
    expect(shape).toBeInstanceOf(SourceError);
    expect(shape.message).toBe(
      "Yad2 map feed has an unexpected shape: data.markers.1.token: Invalid input: expected string, received undefined",
    );
  });

  it.each(["captcha", "redirect", "403", "429"] as const)("sees a block (%s)", async (mode) => {
    yad2.block(mode);
    try {
      const err = await client.map({ region: 3, city: 5000 }, signal).catch((e) => e);
      expect(err).toBeInstanceOf(BlockedError);
      const item = await client.item("anything", signal).catch((e) => e);
      expect(item).toBeInstanceOf(BlockedError);
    } finally {
      yad2.unblock();
    }
  });

  it("splits capped answers by price band until every marker arrives, once per token", async () => {
    const city = 8600;
    const made = yad2.addListings(450, { city });
    yad2.addListings(230, { city, price: 5000 }); // more than the cap at one price: split by rooms
    const before = yad2.mapRequests().length;
    const r = await readAll({ region: 3, city }, (q) => client.map(q, signal), {
      minPriceBand: 10,
      priceCeiling: 20_000,
    });
    expect(r.markers.size).toBe(680);
    expect(made.every((l) => r.markers.has(l.token))).toBe(true);
    expect(r.capped).toBe(0);
    expect(yad2.mapRequests().length - before).toBe(r.requests);
  });

  it("counts a query still capped at the narrowest band and one rooms value", async () => {
    const city = 6400;
    yad2.addListings(230, { city, region: 1, price: 7000, rooms: 3 });
    const r = await readAll({ region: 1, city }, (q) => client.map(q, signal), {
      minPriceBand: 10,
      priceCeiling: 20_000,
    });
    expect(r.markers.size).toBe(200);
    expect(r.capped).toBe(1);
  });
});
