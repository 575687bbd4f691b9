// Its own module: the build's start-script plugin (scripts/route-preloads.ts) reads it in Node,
// where the catalogues' loader (Vite's import.meta.glob) cannot run.

/**
 * What the first screen of any visit needs (the sign-in pages, the loading, 404 and error
 * screens): loaded before the app draws, and asked for by the page's start script beside the
 * app's code. The rest come with the first screen loaded on demand (i18n `withCatalogues`), so
 * /login downloads no signed-in screen's words.
 */
export const FIRST_NAMESPACES = ["common", "auth"] as const;
