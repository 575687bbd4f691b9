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
import { loadIconsOnDemand } from "./lib/icons.ts";
import { keepTyped, matchesPrerender } from "./lib/prerendered.ts";

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks the #root element");

const client = createQueryClient();
// The session check and My Bots' list start now, while the first screen's code downloads.
checkEarly(client, window.location.pathname);
prefetchBots(client, window.location.pathname);
const router = createBrowserRouter(routes);

// The service worker, the browser's install offer and notification clicks start with the app,
// signed in or not; a clicked notification's path is followed by the router, without a reload.
// Loaded after the first screen's code: the push client is not needed to draw a page. Its own
// module, not the feature's index: that also carries the bell and install prompt (a popover and a
// dialog, ~24 KB) the signed-out pages never show.
void import("./features/notifications/startup.ts").then(({ startPwa }) =>
  startPwa((path) => void router.navigate(path)),
);

/** The app has drawn: #root is no longer the page the build wrote (see global.css). */
function Drawn({ root }: { root: HTMLElement }) {
  useLayoutEffect(() => {
    delete root.dataset.written;
  }, [root]);
  return null;
}

loadIconsOnDemand();
const app = (
  <StrictMode>
    <App router={router} client={client} />
    <Drawn root={container} />
  </StrictMode>
);
// A page the build wrote ahead (lib/prerendered.ts) is adopted when it matches, else drawn over.
keepTyped(container);
if (matchesPrerender(container, window.location)) {
  hydrateRoot(container, app, {
    // A mismatch is redrawn by React on its own; nothing is wrong for the visitor to be told of.
    onRecoverableError: (error) => console.warn("The prerendered page was redrawn:", error),
  });
} else {
  createRoot(container).render(app);
}
