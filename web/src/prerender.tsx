import { IconNames, IconSize, Icons } from "@blueprintjs/icons";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter } from "react-router-dom";
import { App } from "./app/App.tsx";
import { createQueryClient } from "./app/providers.tsx";
import { routes } from "./app/router.tsx";
import { startI18n } from "./i18n/index.ts";
import { type DrawnSeed, routerReady, seedDrawn } from "./lib/drawn.ts";

export { criticalCss } from "./lib/critical.ts";
export { DRAWN_PATHS, SEED_ID } from "./lib/drawn.ts";
export { PRERENDERED_PATHS } from "./lib/prerendered.ts";

// Run in Node, never shipped to browsers: by the build, which writes the sign-in page ahead
// (web/scripts/prerender.ts), and by the gateway, which draws a signed-in page for the visitor
// asking (gateway/src/pages.ts). The same tree as the browser's, with a memory router for the
// browser's one.

/**
 * Every icon's paths, in both sizes, loaded once (~0.8 MB of the module's own chunks): an icon is
 * then drawn whole in the markup, where one not yet loaded is an empty box until the code arrives.
 * The browser takes the paths back from the markup before adopting it (lib/icons.ts).
 */
const iconsLoaded = Promise.all([
  ...[IconSize.STANDARD, IconSize.LARGE].map((size) => Icons.load(Object.values(IconNames), size)),
  startI18n("en"),
]);

/**
 * The markup of the app at `path` for a visitor with no session, in the light theme: what the build
 * writes into that path's HTML and the browser adopts when the code arrives (main.tsx).
 */
export async function prerender(path: string): Promise<string> {
  await iconsLoaded;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderToString(
    <StrictMode>
      <App router={router} client={createQueryClient()} />
    </StrictMode>,
  );
}

/**
 * The markup of the app at `path` for the signed-in visitor of `seed`, in the light theme, or
 * null when the app would not draw that screen (it redirects, or a route failed): then the
 * gateway sends the page without markup. Each call has its own router and cache: one visitor's
 * answers never meet another's.
 */
export async function drawSignedIn(path: string, seed: DrawnSeed): Promise<string | null> {
  await iconsLoaded;
  const client = createQueryClient();
  seedDrawn(client, seed);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  try {
    await routerReady(router);
    if (router.state.location.pathname !== path || router.state.errors) return null;
    return renderToString(
      <StrictMode>
        <App router={router} client={client} />
      </StrictMode>,
    );
  } finally {
    router.dispose();
    client.clear();
  }
}
