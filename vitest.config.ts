import { randomBytes } from "node:crypto";
import { defineConfig } from "vitest/config";

// One Vitest run covers every workspace; browser specs (web/e2e) belong to Playwright.
export default defineConfig({
  // One React for a component rendered in a test: npm hoisted react-i18next beside the React 18
  // Blueprint's popper keeps at the root, so the SPA's code and the libraries take that one here.
  resolve: { dedupe: ["react", "react-dom"] },
  test: {
    include: ["{api,services,gateway,scripts,deploy,proto,web/src,web/scripts}/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", "web/e2e/**", "**/dist/**"],
    testTimeout: 30_000,
    // The SPA's catalogues in English, loaded before every file (components read their texts there).
    setupFiles: ["web/src/i18n/test-setup.ts"],
    globalSetup: ["scripts/vitest-shared-servers.ts"],
    // One SERVICE_SECRET per run: processes a test starts and the clients it makes share it.
    env: {
      SERVICE_SECRET: process.env.SERVICE_SECRET ?? randomBytes(32).toString("base64url"),
      // What processes a test starts inherit: accounts opened by the hundred hash at the least
      // argon2id cost OWASP allows (identity's PASSWORD_HASH_COST).
      PASSWORD_HASH_COST: "minimum",
    },
    hookTimeout: 60_000,
    // Integration tests start servers and databases; two cores do not profit from more forks.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
