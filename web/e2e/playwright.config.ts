import { defineConfig } from "@playwright/test";

// Browser tests against a running product: scripts/e2e.ts starts one and passes its address in
// BASE_URL. Chromium is the system's (Debian's package); Playwright never downloads browsers here.
const executablePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  // scripts/e2e.ts gives each run a folder of its own: Playwright empties its output folder as it
  // starts, which took the traces of another run going at the same time.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "../../test-results/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // CI's two cores carry the product, two browsers and the runner: a test that loses a race
  // to the load gets one more try there and is reported as flaky, never as passed.
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 2 : undefined,
  // The JSON report lets scripts/e2e.ts repeat the failures as the run's last lines, after the
  // product's log, where a CI page that shows only the tail still names them.
  reporter: [
    ["list"],
    ["json", { outputFile: `${process.env.E2E_OUTPUT_DIR ?? "../../test-results/e2e"}/report.json` }],
  ],
  // The specs that draw a screen at both widths in both themes do four page loads and more.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.BASE_URL ?? "http://127.0.0.1:3000",
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
      ],
    },
  },
});
