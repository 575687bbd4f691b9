// What other packages' tests take of the listings service (`@dirabot/listings/testing`).
export * from "./geocoder-double.ts";
