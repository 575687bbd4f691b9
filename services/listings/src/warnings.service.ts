import { create } from "@bufbuild/protobuf";
import { type PriceSignal, type Warning, WarningSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { Trx } from "./db.ts";
import type { ListingRow } from "./listing.row.ts";
import { asksMoneyBeforeViewing, saysOwnerAbroad, sendsKeys } from "./warning-text.ts";
import { type BusyPhone, PHONE_RULE, type WarningsRepo } from "./warnings.repo.ts";

/**
 * A price this far under its area's median per room (the price signal's ratio) is "far below":
 * 35 % or more. Ordinary flats spread about ±25 % around an area's median (old or new building,
 * floor, condition); a price a third under it is the bait of a flat that does not exist.
 */
export const FAR_BELOW_RATIO = 0.65;

type Warned = Pick<ListingRow, "id" | "description" | "phone" | "merchant" | "rooms" | "neighborhood">;

const warning = (code: string, message: string) => create(WarningSchema, { code, message });
const shekels = (n: number) => `₪${Math.round(n).toLocaleString("en-US")}`;

/** "Price is 42% below the median for 3 rooms in Florentin (₪7,200)", or none. */
export function priceWarning(row: Warned, signal: PriceSignal | undefined): Warning | undefined {
  if (!signal || !row.rooms || signal.ratio > FAR_BELOW_RATIO) return undefined;
  const below = Math.round((1 - signal.ratio) * 100);
  const where = row.neighborhood.trim() ? `in ${row.neighborhood.trim()}` : "in its area";
  return warning(
    "price_far_below_area",
    `Price is ${below}% below the median for ${row.rooms} rooms ${where} (${shekels(signal.areaMedianPerRoom * row.rooms)})`,
  );
}

/** What the description says: money before a viewing, an owner abroad or keys by post. */
export function textWarnings(description: string): Warning[] {
  const out: Warning[] = [];
  if (asksMoneyBeforeViewing(description))
    out.push(warning("money_before_viewing", "Asks for money before you have seen the flat"));
  const abroad = saysOwnerAbroad(description);
  const keys = sendsKeys(description);
  if (abroad || keys)
    out.push(
      warning(
        "owner_abroad",
        abroad && keys
          ? "Says the owner is abroad and will send the keys"
          : abroad
            ? "Says the owner is abroad"
            : "Offers to send the keys by post or courier",
      ),
    );
  return out;
}

export function phoneWarning(busy: BusyPhone): Warning {
  return warning(
    "phone_on_many_flats",
    `The same phone is on ${busy.flats} different flats in ${busy.hoods} neighbourhoods in the last ${PHONE_RULE.DAYS} days`,
  );
}

/**
 * Every warning of a page of listings (or of one), at read time: the text rules on the
 * description, the price signal the page already has, and one query for all its phones. Nothing
 * is stored, so a rule changed here applies to every listing at once. Known agencies get no
 * phone warning: a broker's phone is on all their flats.
 */
export class WarningsService {
  #repo: WarningsRepo;
  constructor(repo: WarningsRepo) {
    this.#repo = repo;
  }

  async of(rows: Warned[], signals: Map<string, PriceSignal>, trx?: Trx): Promise<Map<string, Warning[]>> {
    const busy = await this.#repo.busyPhones(
      rows.filter((r) => r.merchant !== true).map((r) => r.phone),
      trx,
    );
    const out = new Map<string, Warning[]>();
    for (const r of rows) {
      const phone = r.merchant !== true ? busy.get(r.phone) : undefined;
      const list = [
        priceWarning(r, signals.get(r.id)),
        phone ? phoneWarning(phone) : undefined,
        ...textWarnings(r.description),
      ].filter((w) => w !== undefined);
      if (list.length) out.set(r.id, list);
    }
    return out;
  }
}
