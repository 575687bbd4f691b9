// What the matching bench takes of the bots service (`@dirabot/bots/testing`): its schema, the
// match query and the in-memory matcher it is compared against.
export { botsMigrations } from "../migrations/index.ts";
export { MatchRepo } from "../src/match.repo.ts";
export { matchListing } from "../src/matching.ts";
export { NearRepo } from "../src/near.repo.ts";
export { type Durations, OsrmDouble, type OsrmPoint } from "./osrm-double.ts";
