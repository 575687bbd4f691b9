import * as https from "node:https";
import { importJWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { PushReceiver } from "./push-receiver.ts";

// The push service double checks the VAPID JWT as FCM or Mozilla would: a wrong check here
// would let the sender's mistakes through every push test.
describe("the push service double's VAPID check", () => {
  const keys = webpush.generateVAPIDKeys();
  const other = webpush.generateVAPIDKeys();
  let rx: PushReceiver;
  beforeAll(async () => {
    rx = await PushReceiver.start();
  });
  afterAll(() => rx.close());

  /** A push to a fresh subscription with these VAPID headers; the reason it was refused, if it was. */
  async function push(headersFor: (audience: string) => Record<string, string>) {
    const sub = rx.subscription();
    const details = webpush.generateRequestDetails(sub, "{}", { TTL: 60 });
    const res = await fetchVia(details.endpoint, { ...details.headers, ...headersFor(rx.url) }, details.body);
    return { status: res, reason: rx.rejected.find((r) => r.id === sub.id)?.reason };
  }
  const vapid = (aud: string, signer = keys, claimed = keys.publicKey) => {
    const h = webpush.getVapidHeaders(
      aud,
      "mailto:admin@localhost",
      signer.publicKey,
      signer.privateKey,
      "aes128gcm",
    );
    return { Authorization: h.Authorization.replace(/k=[\w-]+$/, `k=${claimed}`) };
  };

  it("takes a push signed for its origin by the key it names", async () => {
    expect(await push((aud) => vapid(aud))).toEqual({ status: 201, reason: undefined });
  });

  it("refuses another origin's, another key's, and one valid for more than a day", async () => {
    expect((await push(() => vapid("https://push.example"))).reason).toMatch(/bad VAPID JWT/);
    expect((await push((aud) => vapid(aud, other, keys.publicKey))).reason).toMatch(/bad VAPID JWT/);
    const late = Math.floor(Date.now() / 1000) + 2 * 24 * 3600;
    const token = async (aud: string) => {
      const point = Buffer.from(keys.publicKey, "base64url");
      const [x, y] = [point.subarray(1, 33), point.subarray(33)].map((b) => b.toString("base64url"));
      const key = await importJWK({ kty: "EC", crv: "P-256", x, y, d: keys.privateKey }, "ES256");
      const jwt = await new SignJWT({ sub: "mailto:admin@localhost" })
        .setProtectedHeader({ alg: "ES256", typ: "JWT" })
        .setAudience(aud)
        .setExpirationTime(late)
        .sign(key);
      return { Authorization: `vapid t=${jwt}, k=${keys.publicKey}` };
    };
    const signed = await token(rx.url);
    expect((await push(() => signed)).reason).toBe("exp out of range");
  });

  /** POSTs over the double's own agent (its certificate is the run's own CA's). */
  function fetchVia(url: string, headers: Record<string, string | number>, body: Buffer | null) {
    return new Promise<number>((resolve, reject) => {
      const req = https.request(url, { method: "POST", headers, agent: rx.agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
      req.end(body ?? undefined);
    });
  }
});
