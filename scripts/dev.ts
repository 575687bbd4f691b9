import { spawn } from "node:child_process";
import * as path from "node:path";

/**
 * `npm run dev`: the product on :3000 restarted on every change (node --watch), and Vite's dev
 * server with hot reload, which proxies /api and the websocket to it. Ctrl-C stops both.
 */
const root = path.resolve(import.meta.dirname, "..");
const children = [
  spawn(process.execPath, ["--watch", "scripts/product/start.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PORT: "3000" },
  }),
  spawn("npm", ["run", "-w", "@dirabot/web", "dev"], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
for (const c of children) c.once("exit", stop);
