import { create } from "@bufbuild/protobuf";
import { type CallOptions, ConnectError, createClient } from "@connectrpc/connect";
import { listings } from "@dirabot/listings";
import { type Actor, type AnyServiceModule, asActor, launch, type Running } from "@dirabot/platform";
import { testSettings, trustedTransport, uniqueId } from "@dirabot/platform/testing";
import { BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import {
  type ListingInput,
  ListingInputSchema,
  ListingsService,
} from "@dirabot/proto/listings/v1/listings_pb.js";
import { bots } from "../src/module.ts";
import { botEventsRecorder } from "./recorder.ts";

export type Extra = Partial<Omit<ListingInput, "$typeName" | "$unknown" | "source" | "externalId">>;

// Real neighbourhood codes (services/lib/geography/src): Florentin and Neve Tzedek, Tel Aviv.
export const FLORENTIN = 205;
export const NEVE_TZEDEK = 848;

/**
 * The bots service with the listings service (the source of its events) and a recorder of the
 * bots' events, on the test's engines; clients speak Connect over HTTP/2 to the internal listener,
 * with a service credential, as other services do.
 */
export async function startBots(
  opts: { settings?: Record<string, string | undefined>; modules?: AnyServiceModule[] } = {},
) {
  const recorder = botEventsRecorder();
  const running: Running = await launch(testSettings(opts.settings), [
    ...(opts.modules ?? []),
    listings,
    bots,
    recorder.module,
  ]);
  const transport = trustedTransport(running);
  const tag = uniqueId();
  let n = 0;
  const mine = new Set<string>();
  // Price bands of this run's own, far above real rents and at a random place: another run's
  // listings (a shared database keeps them) almost never fall in them.
  let nextBand = 100_000 + Math.floor(Math.random() * 800_000);
  return {
    running,
    recorder,
    transport,
    bots: createClient(BotsService, transport),
    listings: createClient(ListingsService, transport),
    /** Test fixtures only: a database handle for what no RPC offers (ageing a listing). */
    db: () => recorder.db(),
    /** A price band no other band of this run overlaps. */
    band(width = 1000) {
      const min = nextBand;
      nextBand += width + 1000;
      return { min, max: min + width };
    },
    /** Whether this run ingested the listing (a shared database holds other runs' too). */
    mine: (listingId: string | undefined) => listingId !== undefined && mine.has(listingId),
    /** A listing of this run (unique external id); answers its id. */
    async ingest(extra: Extra, source = "yad2"): Promise<string> {
      const input = create(ListingInputSchema, {
        source,
        externalId: `${tag}-${++n}`,
        description: `דירה ${tag}`,
        ...extra,
      });
      const r = await this.listings.ingest({ listings: [input] });
      const id = r.outcomes[0]?.id as string;
      mine.add(id);
      return id;
    },
    /** Re-ingests a listing of this run with changes (a price change, say). */
    async change(externalNo: number, extra: Extra, source = "yad2") {
      const input = create(ListingInputSchema, { source, externalId: `${tag}-${externalNo}`, ...extra });
      await this.listings.ingest({ listings: [input] });
    },
    get ingested() {
      return n;
    },
    stop: () => running.stop(),
  };
}

export type Harness = Awaited<ReturnType<typeof startBots>>;

/** A user of this run (ids are unique, so a shared database holds no bots of theirs). */
export const user = (): Actor => ({ userId: uniqueId(), admin: false, sessionId: "" });
export const admin = (): Actor => ({ userId: uniqueId(), admin: true, sessionId: "" });

/** Call options acting for `actor` (the person travels in the credential, not the request). */
export const as = (actor: Actor): CallOptions => asActor(actor);

/** The Connect error a call failed with (or undefined when it succeeded). */
export async function failure(p: Promise<unknown>): Promise<ConnectError | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    return ConnectError.from(err);
  }
}
