import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { call, type Json, register } from "@dirabot/gateway/testing";
import { waitFor } from "@dirabot/platform/testing";
import { Yad2Double } from "@dirabot/scraper-yad2/testing";
import { io } from "socket.io-client";
import { buildah, IMAGE } from "./build.ts";
import { CMD } from "./layout.ts";

/**
 * `npm run image:test` (after the build): the image started as it ships (`buildah run`, chroot
 * isolation, the host's network) with Yad2 replaced by the scrapers' double over HTTP. It must
 * answer /api/health and bring one matching Yad2 listing to a bot's socket. Prints the figures.
 */
const FLORENTIN = 205;
let t0 = performance.now();
const ms = () => Math.round(performance.now() - t0);

interface Running {
  child: ChildProcess;
  port: Promise<number>;
  /** What the product printed, for a failure's report. */
  output(): string;
}

function runImage(ctr: string, env: Record<string, string>): Running {
  const envArgs = Object.entries(env).flatMap(([k, v]) => ["--env", `${k}=${v}`]);
  const args = ["--storage-driver", "vfs", "run", "--isolation", "chroot", "--network", "host", ...envArgs];
  const child = spawn("buildah", [...args, ctr, "--", ...CMD], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const port = new Promise<number>((resolve, reject) => {
    const read = (b: Buffer) => {
      out += b.toString();
      const m = /\(port (\d+)\)/.exec(out);
      if (m) resolve(Number(m[1]));
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => reject(new Error(`the container exited (${code}): ${out}`)));
  });
  return { child, port, output: () => out };
}

/** A flat the bot wants: in its area and band, let by its owner (the bot takes no agencies). */
function privateFlatInFlorentin(yad2: Yad2Double) {
  for (;;) {
    const [l] = yad2.addListings(1, { city: 5000 });
    assert.ok(l, "the double made a listing");
    if (l.hoodId !== FLORENTIN) yad2.remove(l.token);
    else return Object.assign(l, { price: 6000, rooms: 3, adType: "private", agencyName: undefined });
  }
}

async function matchOneListing(base: string, yad2: Yad2Double): Promise<Json> {
  const { token } = await register(base, "alice");
  const created = await call(base, "POST", "/api/requests/website-create", token, { botName: "Florentin" });
  assert.equal(created.status, 201);
  const patch = {
    isActive: true,
    neighborhoodCodes: [FLORENTIN],
    priceLimit: [4000, 9000],
    rooms: 2,
    merchant: false,
  };
  assert.equal((await call(base, "PATCH", `/api/requests/${created.body._id}`, token, patch)).status, 200);
  const socket = io(base, { auth: { token }, transports: ["websocket"], reconnection: false });
  const got: Json[] = [];
  socket.on("chat:newMessage", (m: Json) => got.push(m));
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("connect_error", reject));
  await waitFor(async () => {
    const ack = (await socket.timeout(5000).emitWithAck("chat:join", created.body.chatId)) as {
      ok?: boolean;
    };
    return ack.ok || undefined;
  }, "the bot's chat to be joinable");
  const listing = privateFlatInFlorentin(yad2);
  const match = await waitFor(
    async () => got.find((m) => m.type === "asset" && String(m.asset?.link ?? "").includes(listing.token)),
    "the match on the socket",
    120_000,
  );
  socket.disconnect();
  return match;
}

const yad2 = await Yad2Double.start({ unknownItems: "alive" });
const ctr = buildah("from", IMAGE);
console.log(`${IMAGE}: container made in ${ms()} ms`);
const inside = (script: string) => buildah("run", "--isolation", "chroot", ctr, "--", "sh", "-c", script);
assert.equal(inside("id -u"), "1000", "the image runs as its own user");
assert.equal(
  inside("find /app -name '*.test.ts' -not -path '*/node_modules/*' | head -1"),
  "",
  "no tests in /app",
);
t0 = performance.now();
const run = runImage(ctr, {
  PORT: "0",
  HOST: "127.0.0.1",
  YAD2_API_URL: yad2.url,
  YAD2_CITIES: "5000",
  YAD2_INTERVAL_SECONDS: "1",
  LOG_LEVEL: "info",
});
try {
  const base = `http://127.0.0.1:${await run.port}`;
  const health = await waitFor(
    async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.ok || undefined,
    "/api/health",
    120_000,
  );
  assert.ok(health);
  console.log(`/api/health 200 ${ms()} ms after buildah run`);
  const match = await matchOneListing(base, yad2);
  assert.equal(match.sender, "bot");
  console.log(`one Yad2 listing matched and on the bot's socket ${ms()} ms after buildah run`);
  console.log(`image size: ${buildah("images", "--format", "{{.Size}}", IMAGE)}`);
} catch (err) {
  console.error(run.output().split("\n").slice(-40).join("\n"));
  throw err;
} finally {
  run.child.kill("SIGTERM");
  await new Promise((r) => run.child.once("exit", r));
  buildah("rm", ctr);
  await yad2.close();
}
