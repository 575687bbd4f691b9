import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";
import { compileHints } from "./scripts/compile-hints.ts";
import { blueprintIconNames } from "./scripts/icon-names.ts";
import { iconsVersion } from "./scripts/icons.ts";
import { routePreloads } from "./scripts/route-preloads.ts";

/** The signed-in shell, every signed-in screen's frame. */
const SHELL = "app/layouts/MainLayout.tsx";

// In development the gateway (npm start) answers everything that is not the SPA itself.
const gateway = process.env.GATEWAY_URL ?? "http://localhost:3000";
const toGateway: ProxyOptions = { target: gateway, changeOrigin: false };

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [
    react(),
    // Blueprint's icon names as data, not worked out as every page starts (scripts/icon-names.ts).
    blueprintIconNames(),
    // The first download's files compiled as they arrive, off the main thread (scripts/compile-hints.ts).
    compileHints(),
    // A signed-in screen's code and first calls asked for as the page starts
    // (scripts/route-preloads.ts): each path with the source modules of its screens, "" being "/"
    // (which shows My Bots).
    routePreloads(
      {
        "": [SHELL, "features/bots/BotsPage.tsx"],
        "/bots": [SHELL, "features/bots/BotsPage.tsx"],
        "/chats": [SHELL, "features/chats/UserChatsPage.tsx"],
        "/properties": [SHELL, "features/properties/PropertiesPage.tsx"],
        "/notifications": [SHELL, "features/notifications/NotificationsPage.tsx"],
        "/profile": [SHELL, "features/users/ProfilePage.tsx"],
      },
      {
        // And the calls a screen starts with besides the session check, as its queries send them
        // (features/bots/prefetch.ts, api.ts): sent then too.
        "": ["/api/requests"],
        "/bots": ["/api/requests"],
      },
    ),
  ],
  // Where the build puts Blueprint's icons, one module each (scripts/icons.ts, src/lib/icons.ts).
  define: { __BLUEPRINT_ICONS__: JSON.stringify(`/assets/icons/${iconsVersion()}`) },
  resolve: {
    // Blueprint pulls react-popper, whose peer range stops at React 18, so npm also keeps a React 18
    // at the root of node_modules; one React instance is required for hooks to work.
    dedupe: ["react", "react-dom"],
  },
  css: {
    modules: {
      // Each component's classes live in its own X.module.css; the class a browser sees keeps the
      // name it has in the file (for developer tools) plus a hash of the file, so two components'
      // ".title" never meet. Nothing outside a component may select its classes (tests use roles,
      // labels and data-testid).
      generateScopedName: "[local]_[hash:base64:5]",
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Maps are written for developer tools to fetch when asked, but the bundles do not point at
    // them: browsers never download them on their own.
    sourcemap: "hidden",
    rolldownOptions: {
      // The app's only entry is index.html; nothing imports its exports from outside.
      preserveEntrySignatures: false,
      output: {
        // Over HTTP/1.1 a browser fetches six files at a time from a host, and on a slow phone
        // network every request costs a round trip (562 ms on DevTools' slow 4G): the number of
        // files on the way to a screen decides more than their bytes. Rolldown splits the code
        // shared by several screens into many small common chunks (35 files for the signed-in
        // shell and My Bots); each one under 128 KB is copied into the chunks that use it instead
        // (6 files, the same bytes for a first page; later screens' chunks hold copies). With no
        // limit My Bots' download grew by a fifth. Copies need each module to run once, in source
        // order, whichever chunk holds it: strict execution order (which inlining turns on) wraps
        // the modules to guarantee it. Without it merged chunks ran out of order and the login
        // page never rendered. docs/decisions/0113-fewer-files-on-the-way-to-a.md.
        strictExecutionOrder: true,
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 128 * 1024 } },
      },
    },
  },
  server: {
    proxy: {
      "/api": toGateway,
      "/socket.io": { ...toGateway, ws: true },
      "/yad2": toGateway,
      "/facebook": toGateway,
      "^/[^/]+\\.geojson$": toGateway,
    },
  },
});
