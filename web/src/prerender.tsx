import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter } from "react-router-dom";
import { App } from "./app/App.tsx";
import { createQueryClient } from "./app/providers.tsx";
import { routes } from "./app/router.tsx";

export { PRERENDERED_PATHS } from "./lib/prerendered.ts";

/**
 * The markup of the app at `path` for a visitor with no session, in the light theme: what the build
 * writes into that path's HTML (web/scripts/prerender.ts) and the browser adopts when the code
 * arrives (main.tsx). Run in Node by the build, never shipped to browsers. The same tree as the
 * browser's, with a memory router for the browser's one.
 */
export function prerender(path: string): string {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderToString(
    <StrictMode>
      <App router={router} client={createQueryClient()} />
    </StrictMode>,
  );
}
