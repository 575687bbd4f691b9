import { create } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { bots } from "@dirabot/bots";
import { listings } from "@dirabot/listings";
import { launch } from "@dirabot/platform";
import { testSettings, trustedTransport, uniqueId } from "@dirabot/platform/testing";
import { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import { ChatService } from "@dirabot/proto/chat/v1/chat_pb.js";
import {
  type ListingInput,
  ListingInputSchema,
  ListingsService,
} from "@dirabot/proto/listings/v1/listings_pb.js";
import { afterAll, beforeAll } from "vitest";
import { chat } from "../src/module.ts";
import { chatEventsRecorder } from "./recorder.ts";

export type Extra = Partial<Omit<ListingInput, "$typeName" | "$unknown" | "source" | "externalId">>;

/**
 * The real listings, bots and chat services together, with a recorder of the chat's events:
 * a listing ingested goes all the way to the bot's chat. `ingest` keys listings by this run's tag,
 * so the same `id` again is the same listing seen again (a price change, say).
 */
export async function startPipeline() {
  const recorder = chatEventsRecorder();
  const running = await launch(testSettings(), [listings, bots, chat, recorder.module]);
  const transport = trustedTransport(running);
  const client = {
    chat: createClient(ChatService, transport),
    bots: createClient(BotsService, transport),
    listings: createClient(ListingsService, transport),
  };
  const tag = uniqueId();
  const ingest = async (id: string, extra: Extra, source = "yad2") => {
    const input = create(ListingInputSchema, {
      source,
      externalId: `${tag}-${id}`,
      description: tag,
      ...extra,
    });
    return (await client.listings.ingest({ listings: [input] })).outcomes[0]?.id as string;
  };
  return { running, recorder, client, tag, ingest };
}

export type Pipeline = Awaited<ReturnType<typeof startPipeline>>;

/** The pipeline for one test file: started before its tests, stopped after them. */
export function usePipeline(): Pipeline {
  const p = {} as Pipeline; // filled before the first test runs
  beforeAll(async () => {
    Object.assign(p, await startPipeline());
  });
  afterAll(() => p.running?.stop());
  return p;
}
