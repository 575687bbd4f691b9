import * as tls from "node:tls";
import { describe, expect, it } from "vitest";
import webpush from "web-push";
import { PushReceiver } from "../../test/push-receiver.ts";
import { PushSender } from "./sender.ts";

/**
 * A push endpoint is text a browser (so a user) hands in. Without a test's own agent the sender
 * reaches public addresses only, except a push service double named in PUSH_PRIVATE_HOSTS.
 */
describe("where a push may go", () => {
  const keys = webpush.generateVAPIDKeys();
  const vapid = { subject: "mailto:admin@localhost", ...keys };
  const opts = { ttlSeconds: 60, urgency: "normal" as const, topic: "" };

  it("never to a private address, by literal or by name, and never tried again", async () => {
    const rx = await PushReceiver.start();
    try {
      const sub = rx.subscription();
      const target = { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
      const sender = new PushSender({ vapid, timeoutMs: 2000 });
      expect(await sender.send(target, "{}", opts)).toMatchObject({
        kind: "failed",
        error: "refused: 127.0.0.1 is not a public address",
      });
      const byName = { ...target, endpoint: target.endpoint.replace("127.0.0.1", "localhost") };
      expect(await sender.send(byName, "{}", opts)).toMatchObject({
        kind: "failed",
        error: "refused: localhost is not a public address",
      });
      expect(rx.to(sub.id)).toEqual([]);
    } finally {
      await rx.close();
    }
  });

  it("to a push service double the operator named, trusted as NODE_EXTRA_CA_CERTS would make it", async () => {
    const rx = await PushReceiver.start();
    const before = tls.getCACertificates("default");
    tls.setDefaultCACertificates([...before, rx.ca]);
    try {
      const sub = rx.subscription();
      const target = { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
      const sender = new PushSender({ vapid, timeoutMs: 5000, privateHosts: [new URL(rx.url).host] });
      expect(await sender.send(target, JSON.stringify({ title: "hi" }), opts)).toEqual({ kind: "sent" });
      expect(rx.to(sub.id).map((r) => r.payload)).toEqual([{ title: "hi" }]);
    } finally {
      tls.setDefaultCACertificates(before);
      await rx.close();
    }
  });
});
