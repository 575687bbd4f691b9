// The test kit other packages take (`@dirabot/platform/testing`): nothing here needs Vitest, so
// the processes tests start (under Node or Deno) may import it too.
export * from "./helpers.ts";
export * from "./instance.ts";
export * from "./listeners.ts";
export * from "./recorder.ts";
export * from "./settings.ts";
export * from "./shared-servers.ts";
export * from "./visitor.ts";
