import { IconNames, IconSize, Icons } from "@blueprintjs/icons";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter } from "react-router-dom";
import { App } from "./app/App.tsx";
import { createQueryClient } from "./app/providers.tsx";
import { routes } from "./app/router.tsx";
import {
  DEFAULT_LANG,
  dirOf,
  i18n,
  isLang,
  LANGUAGES,
  type Lang,
  loadAllNamespaces,
  startI18n,
} from "./i18n/index.ts";
import { accountLang } from "./i18n/language.ts";
import { type DrawnSeed, routerReady, seedDrawn } from "./lib/drawn.ts";

export { criticalCss } from "./lib/critical.ts";
export { DRAWN_PATHS, SEED_ID } from "./lib/drawn.ts";
export { PRERENDERED_PATHS } from "./lib/prerendered.ts";
export { dirOf, LANGUAGES };

// Run in Node, never shipped to browsers: by the build, which writes the sign-in page ahead
// (web/scripts/prerender.ts), and by the gateway, which draws a signed-in page for the visitor
// asking (gateway/src/pages.ts). The same tree as the browser's, with a memory router for the
// browser's one.

/**
 * Every icon's paths, in both sizes, loaded once (large, but only in Node): an icon is
 * then drawn whole in the markup, where one not yet loaded is an empty box until the code arrives.
 * The browser takes the paths back from the markup before adopting it (lib/icons.ts).
 */
const iconsLoaded = Promise.all([
  ...[IconSize.STANDARD, IconSize.LARGE].map((size) => Icons.load(Object.values(IconNames), size)),
  startI18n(DEFAULT_LANG)
    .then(loadAllNamespaces)
    .then(() => i18n.loadLanguages([...LANGUAGES])),
]);

let turn: Promise<unknown> = Promise.resolve();
/**
 * Draws `draw` with the app speaking `lang`. One language at a time: the catalogues are one
 * instance (screens' code and helpers read it outside React too), and pages for visitors of both
 * languages are drawn side by side; the drawing itself is synchronous, so a turn is short.
 */
function inLang<T>(lang: Lang, draw: () => T): Promise<T> {
  const mine = turn.then(async () => {
    if (i18n.language !== lang) await i18n.changeLanguage(lang);
    return draw();
  });
  turn = mine.catch(() => undefined);
  return mine;
}

/** The language a signed-in page is drawn in: the account's, else the visitor's (`fallback`). */
export function drawnLang(seed: DrawnSeed, fallback: unknown): Lang {
  return accountLang(seed.user) ?? (isLang(fallback) ? fallback : DEFAULT_LANG);
}

/**
 * The markup of the app at `path` for a visitor with no session, in the light theme and `lang`:
 * what the build writes into that path's HTML and the browser adopts when the code arrives
 * (main.tsx).
 */
export async function prerender(path: string, lang: Lang = DEFAULT_LANG): Promise<string> {
  await iconsLoaded;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return inLang(lang, () =>
    renderToString(
      <StrictMode>
        <App router={router} client={createQueryClient()} />
      </StrictMode>,
    ),
  );
}

/**
 * The markup of the app at `path` for the signed-in visitor of `seed`, in the light theme, or
 * null when the app would not draw that screen (it redirects, or a route failed): then the
 * gateway sends the page without markup. Each call has its own router and cache: one visitor's
 * answers never meet another's. `lang` is the page's language (drawnLang).
 */
export async function drawSignedIn(
  path: string,
  seed: DrawnSeed,
  lang: Lang = DEFAULT_LANG,
): Promise<string | null> {
  await iconsLoaded;
  const client = createQueryClient();
  seedDrawn(client, seed);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  try {
    await routerReady(router);
    if (router.state.location.pathname !== path || router.state.errors) return null;
    return await inLang(lang, () =>
      renderToString(
        <StrictMode>
          <App router={router} client={client} />
        </StrictMode>,
      ),
    );
  } finally {
    router.dispose();
    client.clear();
  }
}
