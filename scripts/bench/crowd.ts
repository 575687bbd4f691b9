import { type ChildProcess, fork, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import * as net from "node:net";
import * as path from "node:path";
import { create } from "@bufbuild/protobuf";
import { pgConfig } from "@dirabot/platform";
import { ListingInputSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import { SignJWT } from "jose";
import pg from "pg";
import { type Product, type ProductServers, startProduct } from "../product/product.ts";
import { bots, listing } from "./bots.ts";
import { answers, tmp } from "./figures.ts";

/** The session secret the crowd benches give the product, so they can sign their users' tokens. */
export const BENCH_JWT_SECRET = "bench-secret-for-signed-in-crowds-0123456789";

export interface Member {
  id: string;
  token: string;
  chatIds: string[];
}

/**
 * Many signed-in people at once, written by the identity, bots and chat services' own SQL:
 * registering 10,000 through HTTP would spend minutes on password hashing and on the
 * per-address registration budget (60 a minute). Each user gets a live session row and the token
 * the identity service would have signed for it (same secret, issuer, subject and session id),
 * so the gateway checks it exactly as after a login. Each user owns `botsPerUser` active bots
 * (bots.ts's spread, as people set them) and, when `chats`, the chat of each bot as creating the
 * bot through the API opens it, so a socket has rooms to join.
 */
export async function seedCrowd(
  pool: pg.Pool,
  opts: { users: number; botsPerUser: number; chats: boolean; run: string; next: () => number },
): Promise<Member[]> {
  const key = new TextEncoder().encode(BENCH_JWT_SECRET);
  const exp = Math.floor(Date.now() / 1000) + 24 * 3600;
  const members: Member[] = [];
  const userRows = [];
  const sessionRows = [];
  for (let i = 0; i < opts.users; i++) {
    const id = randomUUID();
    const session = randomUUID();
    userRows.push({
      id,
      email: `crowd-${opts.run}-${i}@example.com`,
      firstname: "Bench",
      lastname: `Crowd ${i}`,
    });
    sessionRows.push({ id: session, user_id: id });
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(id)
      .setJti(session)
      .setIssuedAt()
      .setExpirationTime(exp)
      .setIssuer("dirabot")
      .sign(key);
    members.push({ id, token, chatIds: [] });
  }
  const botRows = bots(opts.users * opts.botsPerUser, opts.next).map((b, i) => {
    const owner = members[i % opts.users] as Member;
    const chatId = randomUUID();
    owner.chatIds.push(chatId);
    return { ...b, id: randomUUID(), user_id: owner.id, chat_id: chatId };
  });
  const insert = async (sql: string, rows: unknown[]) => {
    for (let at = 0; at < rows.length; at += 5000)
      await pool.query(sql, [JSON.stringify(rows.slice(at, at + 5000))]);
  };
  await insert(
    `INSERT INTO identity.users (id, email, firstname, lastname)
     SELECT id, email, firstname, lastname FROM json_populate_recordset(null::identity.users, $1::json)`,
    userRows,
  );
  await insert(
    `INSERT INTO identity.sessions (id, user_id, expires_at)
     SELECT id, user_id, now() + interval '1 day' FROM json_populate_recordset(null::identity.sessions, $1::json)`,
    sessionRows,
  );
  await insert(
    `INSERT INTO bots.bots (id, user_id, bot_name, chat_id, chat_name, neighborhood_codes, price_min, price_max, min_rooms, merchant)
     SELECT id, user_id, bot_name, chat_id, chat_name, neighborhood_codes, price_min, price_max, min_rooms, merchant
     FROM json_populate_recordset(null::bots.bots, $1::json)`,
    botRows,
  );
  if (opts.chats)
    await insert(
      `INSERT INTO chat.chats (id, bot_id, bot_name, user_id)
       SELECT chat_id, id, bot_name, user_id FROM json_populate_recordset(null::bots.bots, $1::json)`,
      botRows,
    );
  await pool.query("ANALYZE bots.bots");
  return members;
}

/**
 * The product for a crowd bench, in the shape `servers` says, with the session secret the bench
 * signs its users' tokens with, and a small pool on its database for seeding and the ledger.
 */
export async function startCrowdProduct(servers: ProductServers) {
  const product = await startProduct(
    {
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "error",
      // Yad2 is not reached from a bench: its scraper's failures would only fill the log.
      YAD2_API_URL: "http://127.0.0.1:9",
      JWT_SECRET: BENCH_JWT_SECRET,
    },
    servers,
  );
  const pool = new pg.Pool({ ...pgConfig(product.databaseUrl as string), max: 2 });
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { product, pool, run };
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes. */
export const now = () => performance.timeOrigin + performance.now();

/** One listing of bots.ts's spread through Ingest, as a scraper sends it; its link names it. */
export async function ingestOne(product: Product, run: string, i: number, next: () => number) {
  const l = listing(next);
  const link = `https://bench.example/${run}/${i}`;
  const t0 = now();
  await product.listings.ingest({
    listings: [
      create(ListingInputSchema, {
        source: "yad2",
        externalId: `crowd-${run}-${i}`,
        link,
        price: l.price,
        rooms: l.rooms ?? undefined,
        merchant: l.merchant ?? undefined,
        neighborhoodCode: l.neighborhoodCode,
        description: `crowd ${run} ${i}`,
      }),
    ],
  });
  return { link, t0 };
}

/** Listings at `rate` a second until `stop()`; resolves with every ingested link and its start. */
export function listingsAtRate(product: Product, run: string, rate: number, next: () => number) {
  const sent: Promise<{ link: string; t0: number }>[] = [];
  let stopped = false;
  const start = performance.now();
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const wait = start + (i * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (!stopped) sent.push(ingestOne(product, run, i, next));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return Promise.all(sent);
  };
}

/** Forks one of this folder's client scripts and waits for its first message. */
export function forkChild<T>(script: string, input: unknown): { child: ChildProcess; first: Promise<T> } {
  const child = fork(path.join(import.meta.dirname, script), [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const first = new Promise<T>((resolve, reject) => {
    child.once("message", (m) => resolve(m as T));
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before answering`)));
  });
  child.send(input as object);
  return { child, first };
}

/** Ends a forked child: asks it to stop, then kills it if it has not gone in 10 s. */
export async function endChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once("exit", r));
  if (child.connected) child.send({ type: "stop" });
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await gone;
  clearTimeout(timer);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });

/**
 * The production shape on servers of its own: a fresh database on the PostgreSQL server (dropped
 * afterwards, so nothing is left in the shared one) and a private NATS (JetStream) and Redis, so
 * the bench's thousands of users never meet another run's services sharing the machine's stream,
 * durables and Socket.IO channel.
 */
export async function onOwnServers(database: string, run: (servers: ProductServers) => Promise<void>) {
  if (!(await answers(database))) return;
  const db = `dirabot_crowd_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: database });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  const [natsPort, redisPort] = [await freePort(), await freePort()];
  const children: ChildProcess[] = [
    spawn("nats-server", ["-js", "-sd", tmp(), "-a", "127.0.0.1", "-p", String(natsPort)], {
      stdio: "ignore",
    }),
    spawn(
      "redis-server",
      ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    ),
  ];
  try {
    const nats = `nats://127.0.0.1:${natsPort}`;
    const redis = `redis://127.0.0.1:${redisPort}`;
    for (let i = 0; i < 100 && !(await answers(nats, redis)); i++)
      await new Promise((r) => setTimeout(r, 100));
    const url = new URL(database);
    url.pathname = `/${db}`;
    await run({ database: url.toString(), nats, redis });
  } finally {
    for (const c of children) c.kill("SIGTERM");
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}
