import { randomUUID } from "node:crypto";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { createClient } from "@connectrpc/connect";
import { remoteTransport, ServiceTrust } from "@dirabot/platform";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { type APIRequestContext, expect } from "@playwright/test";
import { type ApiBot, createBot, updateBot } from "./bots.ts";

// The chats specs' way to make bot messages happen for real: a bot set up through the API, then a
// matching listing ingested by the listings service (Connect over HTTP/2 on the product's own
// port, as a scraper would), which bots match, chat posts and the gateway pushes.

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
/** Florentin (code 205): the point is inside its boundary. */
const FLORENTIN = { code: 205, lat: 32.0565, lon: 34.77 };

/**
 * A bot's band is price ± 4. Prices are drawn from ₪20,000–980,000 (the bots' limit is a million),
 * above every other suite's rents, so a bot never picks up another test's listing, even among the
 * recent ones it posts when set up. `realistic` keeps to real rents, for screenshots.
 */
export function uniquePrice(realistic = false): number {
  return realistic ? 3000 + Math.floor(Math.random() * 15_000) : 20_000 + Math.floor(Math.random() * 960_000);
}

/** A picture served by the product itself (listing photos are outside links the e2e cannot reach). */
export const PHOTO = "/avatars/7.svg";

export async function matchingBot(
  request: APIRequestContext,
  token: string,
  name: string,
  price: number,
): Promise<ApiBot> {
  const bot = await createBot(request, token, name);
  return updateBot(request, token, bot, {
    isActive: true,
    neighborhoodCodes: [FLORENTIN.code],
    priceLimit: [price - 4, price + 4],
    rooms: 1,
    merchant: null,
  });
}

export interface Listed {
  externalId: string;
  link: string;
}

/**
 * Ingests one Florentin listing at `price`, as a scraper does: on the product's internal listener
 * with its service secret (`scripts/e2e.ts` passes both); `baseURL` is the product's address.
 */
export async function ingestListing(
  baseURL: string,
  price: number,
  extra: {
    street?: string;
    images?: string[];
    phone?: string;
    rooms?: number;
    size?: number;
    floor?: number;
    description?: string;
    /** The facts the source states. */
    facts?: Record<string, boolean>;
    /** The same listing seen again (a price change, say): its id at the source and its number. */
    externalId?: string;
    houseNumber?: string;
    /** Private (false, the default) or a broker's (true), and the broker's agency. */
    merchant?: boolean;
    agency?: string;
    /** When the source says it was posted. */
    postedAt?: Date;
    /** The entry date as the source gives it. */
    entryDate?: string;
    /** Where the flat is: Florentin unless told. */
    place?: { lat: number; lon: number };
  } = {},
): Promise<Listed> {
  const internal = process.env.E2E_INTERNAL_URL;
  const secret = process.env.E2E_SERVICE_SECRET;
  if (!internal || !secret)
    throw new Error(`E2E_INTERNAL_URL and E2E_SERVICE_SECRET name ${baseURL}'s internal listener`);
  const client = createClient(
    ListingsService,
    remoteTransport(internal, new ServiceTrust(secret), "scraper-yad2"),
  );
  const externalId = extra.externalId ?? `e2e-${randomUUID()}`;
  const link = `https://www.yad2.co.il/item/${externalId}`;
  await client.ingest({
    listings: [
      {
        source: "yad2",
        externalId,
        lat: (extra.place ?? FLORENTIN).lat,
        lon: (extra.place ?? FLORENTIN).lon,
        street: extra.street ?? "ויטל",
        houseNumber: extra.houseNumber ?? String(2 + Math.floor(Math.random() * 40)),
        city: "תל אביב יפו",
        rooms: extra.rooms ?? 3,
        size: extra.size ?? 72,
        floor: extra.floor ?? 2,
        price,
        merchant: extra.merchant ?? false,
        agency: extra.agency,
        postedAt: extra.postedAt && timestampFromDate(extra.postedAt),
        entryDate: extra.entryDate,
        phone: extra.phone ?? "050-1234567",
        images: extra.images ?? [new URL(PHOTO, baseURL).href],
        link,
        description: extra.description ?? "Bright apartment near the market",
        facts: extra.facts,
      },
    ],
  });
  return { externalId, link };
}

export interface ApiMessage {
  _id: string;
  content: string;
}

export async function sendText(request: APIRequestContext, token: string, chatId: string, content: string) {
  const response = await request.post(`/api/chats/${chatId}/messages`, {
    headers: auth(token),
    data: { content, tempId: `seed-${randomUUID()}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ApiMessage;
}

export async function chatPage(request: APIRequestContext, token: string, chatId: string) {
  const response = await request.get(`/api/chats/${chatId}`, {
    headers: auth(token),
    params: { limit: 100 },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { botName: string; messages: Array<ApiMessage & { type: string }> };
}

/** Waits until the server has posted the bot's match into the chat (before the browser looks). */
export async function waitForAsset(request: APIRequestContext, token: string, chatId: string, count = 1) {
  await expect
    .poll(
      async () => (await chatPage(request, token, chatId)).messages.filter((m) => m.type === "asset").length,
      {
        timeout: 20_000,
      },
    )
    .toBeGreaterThanOrEqual(count);
}
