import * as http from "node:http";
import type * as net from "node:net";
import { describe, expect, it } from "vitest";
import { startHostServer } from "./server.ts";

/** One GET over the agent's kept-alive connection: the body, and the socket it came on. */
function get(agent: http.Agent, port: number, path: string): Promise<{ body: string; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        body += c;
      });
      res.on("end", () => resolve({ body, socket: req.socket as net.Socket }));
    });
    req.on("error", reject);
  });
}

const ended = (socket: net.Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once("close", () => resolve())));

// A stop during a rollout must not wait for browsers to drop their kept-alive connections, nor
// cut off an answer being written.
describe("the listener's close", () => {
  it("ends an idle kept-alive connection at once, rather than waiting out the grace", async () => {
    const server = await startHostServer({ port: 0, host: "127.0.0.1", handler: (_q, r) => r.end("ok") });
    // A client that would keep its connection for a minute.
    const agent = new http.Agent({ keepAlive: true, timeout: 60_000 });
    const { body, socket } = await get(agent, server.port, "/");
    expect(body).toBe("ok");
    expect(socket.destroyed).toBe(false);
    // Without it the close waited for the server's own keep-alive time-out (5 s), past this
    // test's time, or for the 20 s grace.
    await Promise.all([server.close(20_000), ended(socket)]);
    agent.destroy();
  }, 2500);

  it("lets an answer in flight finish whole, then ends its connection", async () => {
    let answer: (() => void) | undefined;
    const server = await startHostServer({
      port: 0,
      host: "127.0.0.1",
      handler: (_q, r) => {
        r.write("first half, ");
        answer = () => r.end("second half");
      },
    });
    const agent = new http.Agent({ keepAlive: true, timeout: 60_000 });
    const response = get(agent, server.port, "/slow");
    while (!answer) await new Promise((r) => setTimeout(r, 5));
    const closing = server.close(20_000);
    await new Promise((r) => setTimeout(r, 50));
    answer();
    const { body, socket } = await response;
    expect(body).toBe("first half, second half");
    await Promise.all([closing, ended(socket)]);
    agent.destroy();
  }, 2500);
});
