import { connect, createServer, type Server, type Socket } from "node:net";
import { createClient } from "@connectrpc/connect";
import { identity } from "@dirabot/identity";
import { launch, type Running } from "@dirabot/platform";
import {
  asUser,
  sharedDatabase,
  testSettings,
  trustedTransport,
  uniqueId,
  waitFor,
} from "@dirabot/platform/testing";
import { ChatMessagesCreated } from "@dirabot/proto/events";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { NotificationsService } from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventSource } from "../test/event-source.ts";
import { matchEvent } from "../test/match-event.ts";
import { PushReceiver } from "../test/push-receiver.ts";
import { createNotifications } from "./module.ts";

/**
 * A match's delivery is decided as it is written, with the user's settings fetched from identity
 * just before. When identity does not answer then, the match is not lost nor sent blindly: it
 * waits in the dispatch queue and goes out, once, when identity answers again. Identity runs in a
 * process of its own, reached through a gate the test closes (connections refused) and opens.
 */
describe("a match written while identity is away", () => {
  const secret = `identity-away-secret-${"x".repeat(24)}`;
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  let core: Running;
  let running: Running;
  let rx: PushReceiver;
  let gate: Gate;
  const chat = eventSource("chat");

  beforeAll(async () => {
    rx = await PushReceiver.start();
    database = await sharedDatabase();
    core = await launch(
      testSettings({ DATABASE_URL: database.url, SERVICE_SECRET: secret, SERVICES: "identity" }),
      [identity],
    );
    gate = await Gate.to(core.internalPort);
    running = await launch(
      testSettings({
        DATABASE_URL: database.url,
        SERVICE_SECRET: secret,
        SERVICES: "notifications,chat",
        IDENTITY_SERVICE_URL: gate.url,
        PUSH_PRIVATE_HOSTS: rx.host,
      }),
      [
        createNotifications({ pushAgent: rx.agent, pollMs: 100, schema: `notifications_${uniqueId()}` }),
        chat.module,
      ],
    );
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
    await core?.stop();
    await gate?.close();
    await rx?.close();
    await database?.stop();
  });

  it("waits in the dispatch queue and is pushed once when identity answers again", async () => {
    const users = createClient(IdentityService, trustedTransport(core));
    const client = createClient(NotificationsService, trustedTransport(running));
    rx.vapidPublicKey = (await client.getVapidPublicKey({})).publicKey;
    const r = await users.register({
      firstname: "Away",
      lastname: "Tester",
      email: `away-${uniqueId()}@example.com`,
      password: "secret-pass-1",
    });
    const userId = r.session?.user?.id as string;
    const browser = rx.subscription();
    await client.subscribe({ subscription: { endpoint: browser.endpoint, ...browser.keys } }, asUser(userId));

    gate.open = false;
    await chat.publish(ChatMessagesCreated, matchEvent(userId, { price: 7100 }));
    await waitFor(
      async () => ((await client.listNotifications({}, asUser(userId))).total === 1 ? true : undefined),
      "the notification",
    );
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the dispatcher tries, and waits
    expect(rx.to(browser.id)).toEqual([]);
    expect(gate.refused).toBeGreaterThan(0);

    gate.open = true;
    const [push] = await rx.until(
      () => (rx.to(browser.id).length ? rx.to(browser.id) : undefined),
      "the push",
    );
    expect(push?.payload).toMatchObject({ type: "property_match" });
    expect(String(push?.payload.body)).toContain("₪7,100");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(rx.to(browser.id)).toHaveLength(1);
  }, 60_000);
});

/**
 * A TCP front for a port: closed, it cuts the connections it carries and refuses new ones (as a
 * stopped service would).
 */
class Gate {
  refused = 0;
  #open = true;
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  private constructor(server: Server) {
    this.#server = server;
  }

  get open(): boolean {
    return this.#open;
  }

  set open(open: boolean) {
    this.#open = open;
    if (!open) for (const s of this.#sockets) s.destroy();
  }

  static async to(port: number): Promise<Gate> {
    const server = createServer();
    const gate = new Gate(server);
    server.on("connection", (socket) => {
      if (!gate.open) {
        gate.refused++;
        socket.destroy();
        return;
      }
      const upstream = connect(port, "127.0.0.1");
      gate.#sockets.add(socket).add(upstream);
      socket.pipe(upstream).pipe(socket);
      const end = () => {
        socket.destroy();
        upstream.destroy();
        gate.#sockets.delete(socket);
        gate.#sockets.delete(upstream);
      };
      socket.on("error", end).on("close", end);
      upstream.on("error", end).on("close", end);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return gate;
  }

  get url(): string {
    const address = this.#server.address();
    return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }

  async close(): Promise<void> {
    for (const s of this.#sockets) s.destroy();
    await new Promise((resolve) => this.#server.close(resolve));
  }
}
