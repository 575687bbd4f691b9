import { botsTables } from "./0001_bots.ts";
import { telegramGroups } from "./0002_telegram_groups.ts";
import { suspended } from "./0003_suspended.ts";
import { facts } from "./0004_facts.ts";
import { priceDrops } from "./0005_price_drops.ts";
import { lighterPosts } from "./0006_lighter_posts.ts";
import { priceToldOrder } from "./0007_price_told_order.ts";
import { priceToldListing } from "./0008_price_told_listing.ts";
import { members } from "./0009_members.ts";
import { near } from "./0010_near.ts";
import { membersMayInvite } from "./0011_members_may_invite.ts";

/** The bots schema, in order (the service and the bench's scratch copy both run these). */
export const botsMigrations = {
  "0001_bots": botsTables,
  "0002_telegram_groups": telegramGroups,
  "0003_suspended": suspended,
  "0004_facts": facts,
  "0005_price_drops": priceDrops,
  "0006_lighter_posts": lighterPosts,
  "0007_price_told_order": priceToldOrder,
  "0008_price_told_listing": priceToldListing,
  "0009_members": members,
  "0010_near": near,
  "0011_members_may_invite": membersMayInvite,
};
