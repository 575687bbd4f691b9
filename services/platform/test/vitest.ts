// The test kit's parts that register Vitest hooks (`@dirabot/platform/testing/vitest`).
export * from "./deno.ts";
export * from "./service-databases.ts";
