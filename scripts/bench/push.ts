import * as fs from "node:fs";
import * as path from "node:path";
import * as tls from "node:tls";
import { create } from "@bufbuild/protobuf";
import { PushReceiver } from "@dirabot/notifications/testing";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { ListingInputSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import { type Product, type ProductServers, startProduct } from "../product/product.ts";
import { type Figure, pct, tmp } from "./figures.ts";

const FLORENTIN = { code: 205, lat: 32.0565, lon: 34.77 };
const SAMPLES = Number(process.env.BENCH_PUSH_SAMPLES ?? 200);
const FANOUT = Number(process.env.BENCH_PUSH_FANOUT ?? 1000);
const FAILING = 50; // endpoints answering 500, and as many answering 410

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read field by field
type Json = Record<string, any>;

/**
 * Web push end to end: from the Ingest call that inserts a listing to the push a local push
 * service over HTTPS receives, checks (VAPID) and decrypts — listings → bots → chat →
 * notifications (notification, its event, the delivery decision with identity's settings, the
 * queue) → web-push. One subscriber, one listing at a time; then one listing matching 1,000
 * subscribers' bots while 50 of their endpoints answer 500 and 50 answer 410.
 */
export async function benchPush(results: Figure[], label: string, servers: ProductServers): Promise<void> {
  const rx = await PushReceiver.start();
  // The product trusts the receiver's certificate as an operator's would: NODE_EXTRA_CA_CERTS for
  // processes it starts, the default CA list of this process for the one-process shape.
  const caFile = path.join(tmp(), "push-ca.pem");
  fs.writeFileSync(caFile, rx.ca);
  tls.setDefaultCACertificates([...tls.getCACertificates("default"), rx.ca]);
  const product = await startProduct(
    { LOG_LEVEL: "warn", NODE_EXTRA_CA_CERTS: caFile, PUSH_PRIVATE_HOSTS: new URL(rx.url).host },
    servers,
  );
  try {
    const shape = product.shape;
    const people = new People(product, rx);
    rx.vapidPublicKey = (await people.api("GET", "/api/notifications/vapid-public-key")).publicKey;

    // 1. one subscriber, one listing at a time
    const base = 100_000 + Math.floor(Math.random() * 800_000);
    const one = await people.person(0);
    await people.bot(one, base, base + SAMPLES + 50);
    const browser = await people.subscribe(one);
    const once = async (price: number) => {
      const t0 = performance.now();
      await people.ingest(price, `one-${price}`);
      const got = await rx.until(
        () => rx.to(browser.id).find((r) => (r.payload.match as Json | undefined)?.price === price),
        `the push of ₪${price}`,
        10_000,
      );
      return got.at - t0;
    };
    for (let i = 0; i < 10; i++) await once(base + SAMPLES + 10 + i); // warm-up
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) times.push(await once(base + i));
    for (const p of [50, 99])
      results.push({
        name: `${label}: listing ingested → push decrypted p${p} (${SAMPLES} listings, ${shape})`,
        value: +pct(times, p).toFixed(1),
        unit: "ms",
      });

    // 2. one listing, FANOUT subscribers, 50 endpoints failing with 500 and 50 gone (410)
    const band = base + SAMPLES + 500; // a band of its own, above the first part's
    const crowd = await people.crowd(FANOUT, band);
    const broken = crowd.slice(0, FAILING);
    const gone = crowd.slice(FAILING, 2 * FAILING);
    const healthy = crowd.slice(2 * FAILING);
    for (const p of broken) rx.always(p.browser.id, 500);
    for (const p of gone) rx.always(p.browser.id, 410);
    // A new bot's recent matches are looked up after its event: one still pending would take the
    // listing below as a backfill (no notification) instead of a live match.
    await new Promise((r) => setTimeout(r, 5000));
    const t0 = performance.now();
    const wall0 = Date.now();
    await people.ingest(band + 10, "fanout");
    const ids = new Set(healthy.map((p) => p.browser.id));
    const arrived = new Map<string, number>();
    await rx
      .until(
        () => {
          for (const r of rx.received) if (ids.has(r.id) && !arrived.has(r.id)) arrived.set(r.id, r.at - t0);
          return arrived.size === ids.size ? true : undefined;
        },
        `${ids.size} pushes`,
        180_000,
      )
      .catch((err) => {
        const answered = rx.answered.filter((a) => crowd.some((p) => p.browser.id === a.id)).length;
        throw new Error(
          `${err.message}: ${arrived.size} arrived, ${answered} answers, ${rx.rejected.length} refused`,
        );
      });
    const spread = [...arrived.values()];
    // Where the time went: when the last chat messages and notifications were written (a sample).
    const sample = healthy.filter((_, i) => i % Math.ceil(healthy.length / 40) === 0);
    const stages = await Promise.all(
      sample.map(async (p) => {
        const [chat] = (await people.api("GET", "/api/chats", undefined, p.token)) as Json[];
        const n = (await people.api("GET", "/api/notifications", undefined, p.token)).notifications[0];
        return [Date.parse(chat?.lastMessage?.createdAt) - wall0, Date.parse(n?.createdAt) - wall0];
      }),
    );
    const last = (i: number) => Math.max(...stages.map((s) => s[i] as number));
    results.push({
      name: `${label}: one listing → all ${ids.size} healthy of ${FANOUT} subscribers received (${FAILING} answer 500, ${FAILING} 410; ${shape})`,
      value: +Math.max(...spread).toFixed(0),
      unit: "ms",
      note: `first ${Math.min(...spread).toFixed(0)} ms, median ${pct(spread, 50).toFixed(0)} ms; the last chat messages written by ${last(0)} ms, notifications by ${last(1)} ms`,
    });
    const goneLeft = await Promise.all(gone.slice(0, 10).map((p) => people.subscribed(p)));
    results.push({
      name: `${label}: of the 410 endpoints (10 checked), still subscribed afterwards (${shape})`,
      value: goneLeft.filter(Boolean).length,
      unit: "",
    });
  } finally {
    await product.stop();
    await rx.close();
  }
}

interface Person {
  id: string;
  token: string;
}

/** Users made through identity's Register (the gateway limits sign-ups per address), the rest through /api. */
class People {
  readonly run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  readonly #product: Product;
  readonly #rx: PushReceiver;
  readonly #identity;
  constructor(product: Product, rx: PushReceiver) {
    this.#product = product;
    this.#rx = rx;
    this.#identity = product.internal("identity", IdentityService);
  }

  async api(method: string, url: string, body?: unknown, token?: string): Promise<Json> {
    const res = await fetch(`${this.#product.base}${url}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Json;
  }

  async person(i: number): Promise<Person> {
    const r = await this.#identity.register({
      firstname: "Bench",
      lastname: `Push ${i}`,
      email: `push-${this.run}-${i}@example.com`,
      password: "bench-password",
    });
    return { id: r.session?.user?.id ?? "", token: r.session?.token ?? "" };
  }

  async bot(p: Person, from: number, to: number): Promise<void> {
    const bot = await this.api("POST", "/api/requests/website-create", { botName: "push bench" }, p.token);
    const criteria = {
      isActive: true,
      neighborhoodCodes: [FLORENTIN.code],
      priceLimit: [from, to],
      rooms: 1,
    };
    await this.api("PATCH", `/api/requests/${bot._id}`, criteria, p.token);
    // The bot's chat is made from its event: a match before it would have nowhere to go.
    for (let i = 0; i < 200; i++) {
      const chats = (await this.api("GET", "/api/chats", undefined, p.token)) as Json[];
      if (chats.some((c) => c.botId === bot._id)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error("the bot's chat never appeared");
  }

  async subscribe(p: Person) {
    const b = this.#rx.subscription();
    await this.api("POST", "/api/notifications/subscribe", { subscription: b }, p.token);
    return b;
  }

  async subscribed(p: Person & { browser: { endpoint: string } }): Promise<boolean> {
    const r = await this.api(
      "POST",
      "/api/notifications/subscription-status",
      { endpoint: p.browser.endpoint },
      p.token,
    );
    return Boolean(r.subscribed);
  }

  /** `n` people, each with a bot on the band and a subscribed browser, eight at a time. */
  async crowd(n: number, band: number) {
    const out: Array<Person & { browser: ReturnType<PushReceiver["subscription"]> }> = [];
    for (let i = 0; i < n; i += 8) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(8, n - i) }, async (_, j) => {
          const p = await this.person(10_000 + i + j);
          await this.bot(p, band, band + 100);
          return { ...p, browser: await this.subscribe(p) };
        }),
      );
      out.push(...batch);
    }
    return out;
  }

  async ingest(price: number, id: string): Promise<void> {
    await this.#product.listings.ingest({
      listings: [
        create(ListingInputSchema, {
          source: "yad2",
          externalId: `push-${this.run}-${id}`,
          link: `https://bench.example/${this.run}/${id}`,
          price,
          rooms: 3,
          lat: FLORENTIN.lat,
          lon: FLORENTIN.lon,
          description: `push bench ${this.run} ${id}`,
        }),
      ],
    });
  }
}
