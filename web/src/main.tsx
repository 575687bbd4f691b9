import "@blueprintjs/core/lib/css/blueprint.css";
import "./app/global.css";
import { StrictMode, useLayoutEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router-dom";
import { App } from "./app/App.tsx";
import { createQueryClient } from "./app/providers.tsx";
import { routes } from "./app/router.tsx";
import { checkEarly } from "./features/auth/index.ts";
import { prefetchBots } from "./features/bots/prefetch.ts";
import { startI18n } from "./i18n/index.ts";
import { pageLang, preferredLang, switchLang } from "./i18n/language.ts";
import { readDrawn, replayTap, routerReady, seedDrawn, takeEarlyTap } from "./lib/drawn.ts";
import { iconsInPage, loadIconsOnDemand } from "./lib/icons.ts";
import { keepTyped, matchesPrerender } from "./lib/prerendered.ts";
import { readTheme } from "./lib/theme.tsx";

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks the #root element");

const client = createQueryClient();
// A page the gateway drew carries the first screen's answers (lib/drawn.ts). Otherwise the session
// check and My Bots' list start now, while the first screen's code downloads.
const drawn = readDrawn(container);
if (drawn) seedDrawn(client, drawn);
else {
  checkEarly(client, window.location.pathname);
  prefetchBots(client, window.location.pathname);
}
const router = createBrowserRouter(routes);

// The service worker, the browser's install offer and notification clicks start with the app,
// signed in or not; a clicked notification's path is followed by the router, without a reload.
// Loaded after the first screen's code: the push client is not needed to draw a page. Its own
// module, not the feature's index: that also carries the bell and install prompt (a popover and a
// dialog) the signed-out pages never show.
void import("./features/notifications/startup.ts").then(({ startPwa }) =>
  startPwa((path) => void router.navigate(path)),
);

/** What was tapped on the gateway's page before the code, taken as the app adopts it. */
let earlyTap: Element | null = null;

/** The app has drawn: #root is no longer the page the build wrote (see global.css). */
function Drawn({ root }: { root: HTMLElement }) {
  useLayoutEffect(() => {
    const adopted = "drawn" in root.dataset;
    delete root.dataset.written;
    delete root.dataset.drawn;
    if (adopted) replayTap(earlyTap, root);
  }, [root]);
  return null;
}

// A page written ahead draws its icons whole; the app takes them from it, to draw the same.
const iconsReady = loadIconsOnDemand(iconsInPage(container));
const app = (
  <StrictMode>
    <App router={router} client={client} />
    <Drawn root={container} />
  </StrictMode>
);
// A page written ahead, by the build (lib/prerendered.ts) or the gateway (lib/drawn.ts), is
// adopted when it matches, else drawn over. The gateway's once the router has the screen's code:
// before, it would draw its loading page over the visitor's screen. Drawn in the light theme, it
// is drawn over in the dark one (the theme switch differs).
const adopt = () =>
  void iconsReady.then(() => {
    if (drawn) earlyTap = takeEarlyTap();
    hydrateRoot(container, app, {
      // A mismatch is redrawn by React on its own; nothing is wrong for the visitor to be told of.
      onRecoverableError: (error) => console.warn("The page written ahead was redrawn:", error),
    });
  });
keepTyped(container);
// The catalogue of the visitor's language first: nothing is drawn in the wrong language. A page
// written ahead is adopted in the language it was written in (the gateway picked it as the app
// would: the account's, the `lang` cookie's, the browser's); the app then follows the visitor's
// own choice where this browser keeps one the page did not know of.
const wanted = preferredLang(drawn?.user ?? null);
const written = drawn !== null || container.hasAttribute("data-written");
const first = (written && pageLang()) || wanted;
void startI18n(first).then(() => {
  start(container);
  if (first !== wanted) void switchLang(wanted);
});
function start(root: HTMLElement) {
  if (drawn) {
    void routerReady(router).then(() => {
      if (readTheme() === "light") return adopt();
      takeEarlyTap(); // the page is drawn afresh: what was tapped on it is gone
      createRoot(root).render(app);
    });
  } else if (matchesPrerender(root, window.location)) adopt();
  else createRoot(root).render(app);
}
