// What other packages' tests take of the Yad2 scraper (`@dirabot/scraper-yad2/testing`).
export * from "./env.ts";
export * from "./yad2-double.ts";
