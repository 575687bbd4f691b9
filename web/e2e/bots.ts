import type { APIRequestContext } from "@playwright/test";

// Bots for the bots specs, made and read through the product's own API as their owner.

export interface ApiBot {
  _id: string;
  chatName: string;
  chatId: string;
  isActive: boolean;
  neighborhoodCodes: number[];
  priceLimit: [number, number];
  rooms: number;
  merchant: false | null;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function createBot(request: APIRequestContext, token: string, botName: string): Promise<ApiBot> {
  const response = await request.post("/api/requests/website-create", {
    headers: auth(token),
    data: { botName, description: "" },
  });
  if (response.status() !== 201) throw new Error(`create bot: ${response.status()} ${await response.text()}`);
  return (await response.json()) as ApiBot;
}

export async function updateBot(
  request: APIRequestContext,
  token: string,
  bot: ApiBot,
  patch: Partial<Pick<ApiBot, "isActive" | "neighborhoodCodes" | "priceLimit" | "rooms" | "merchant">>,
): Promise<ApiBot> {
  const { isActive, neighborhoodCodes, priceLimit, rooms, merchant } = { ...bot, ...patch };
  const response = await request.patch(`/api/requests/${bot._id}`, {
    headers: auth(token),
    data: { isActive, neighborhoodCodes, priceLimit, rooms, merchant },
  });
  if (!response.ok()) throw new Error(`update bot: ${response.status()} ${await response.text()}`);
  return (await response.json()) as ApiBot;
}

export async function listBots(request: APIRequestContext, token: string): Promise<ApiBot[]> {
  const response = await request.get("/api/requests", { headers: auth(token) });
  if (!response.ok()) throw new Error(`list bots: ${response.status()} ${await response.text()}`);
  return (await response.json()) as ApiBot[];
}

export async function deleteBot(request: APIRequestContext, token: string, id: string): Promise<void> {
  const response = await request.delete(`/api/requests/${id}`, { headers: auth(token) });
  if (!response.ok()) throw new Error(`delete bot: ${response.status()} ${await response.text()}`);
}

/**
 * A neighbourhood at a known place on the picker as it opens (centred on 32.0853, 34.7818 at zoom
 * 13): 30 px east and 10 px north of the centre, clear of its borders (the centre itself sits
 * where three areas meet).
 */
export const PICKED_AREA = { code: 1516, name: "New North - Kikar HaMedina", dx: 30, dy: -10 } as const;
/** Another Tel Aviv area, picked from the list by searching for it (in Hebrew), shown in English. */
export const FLORENTIN = "פלורנטין";
export const FLORENTIN_EN = "Florentin";
