import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";
import { iconsVersion } from "./scripts/icons.ts";

// In development the gateway (npm start) answers everything that is not the SPA itself.
const gateway = process.env.GATEWAY_URL ?? "http://localhost:3000";
const toGateway: ProxyOptions = { target: gateway, changeOrigin: false };

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react()],
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
