// What the root's tools take of the Facebook scraper (`@dirabot/scraper-facebook/testing`): the
// parse:post line protocol, the parser's accuracy score, and the listing a post becomes (bench).
export * from "../src/parser/accuracy.ts";
export { parseLine } from "../src/parser/jsonl.ts";
export { toListingInput } from "../src/posts.ts";
