// The browser specs' push service (`npm run test:e2e`): the notifications service's local push
// receiver (services/notifications/test/push-receiver.ts — HTTPS with a CA made for the run,
// VAPID checked, aes128gcm decrypted as a browser would) stands in for FCM, which the e2e machine
// cannot reach. The product trusts its CA through NODE_EXTRA_CA_CERTS; the specs, in another
// process, reach it through a small control server:
//   POST /subscription → {id, endpoint, keys: {p256dh, auth}}  a new browser's subscription
//   GET  /received/<id> → [{payload, headers, at}]             what that browser was pushed
import { writeFileSync } from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { PushReceiver } from "@dirabot/notifications/testing";

export interface PushDouble {
  /** The control server's address, for the specs (E2E_PUSH_DOUBLE). */
  url: string;
  /** The receiver's CA certificate as a file, for the product's NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /** The receiver's `host:port`, a private address the product pushes to only when named (PUSH_PRIVATE_HOSTS). */
  host: string;
  close(): Promise<void>;
}

export async function startPushDouble(dir: string): Promise<PushDouble> {
  const receiver = await PushReceiver.start();
  const caFile = join(dir, "push-receiver-ca.pem");
  writeFileSync(caFile, receiver.ca);
  const control = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? "/", "http://control");
    if (req.method === "POST" && url.pathname === "/subscription") return send(200, receiver.subscription());
    const received = /^\/received\/([\w-]{1,64})$/.exec(url.pathname);
    if (req.method === "GET" && received?.[1]) {
      return send(
        200,
        receiver.to(received[1]).map((r) => ({ payload: r.payload, headers: r.headers, at: r.at })),
      );
    }
    send(404, { message: "no such control call" });
  });
  await new Promise<void>((ok) => control.listen(0, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    caFile,
    host: new URL(receiver.url).host,
    async close() {
      await new Promise((ok) => control.close(ok));
      await receiver.close();
    },
  };
}
