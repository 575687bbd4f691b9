// Its own module: the build's start-script plugin (scripts/route-preloads.ts) imports it in Node,
// where the HTTP client's catalogues (Vite's import.meta.glob) cannot load.

/** The global the start script fills (a plain script, generated with this name by scripts/route-preloads.ts). */
export const FIRST_REQUESTS = "__dirabotFirst";
