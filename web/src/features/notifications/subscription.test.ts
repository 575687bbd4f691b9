import { describe, expect, it } from "vitest";
import {
  base64UrlToBytes,
  sameKey,
  subscriptionForRemoval,
  subscriptionForSave,
  subscriptionFromPushManager,
  vapidKeyBytes,
} from "./subscription.ts";
import { PushErrors } from "./texts.ts";

const good = {
  endpoint: "https://push.example/send/abc",
  expirationTime: null,
  keys: {
    p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    auth: "tBHItJI5svbpez7KI4CCXg",
  },
};

// A real uncompressed P-256 public key (RFC 8291's example receiver key), base64url.
const VAPID = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";

describe("subscription checks", () => {
  it("keeps an https endpoint and both keys for the server", () => {
    expect(subscriptionForSave(good)).toEqual(good);
    expect(subscriptionForSave({ ...good, expirationTime: 1_700_000_000_000, extra: 1 })).toEqual({
      ...good,
      expirationTime: 1_700_000_000_000,
    });
  });

  it("refuses a save without an https endpoint or a key: 'missing required fields'", () => {
    for (const bad of [
      null,
      {},
      { ...good, endpoint: "" },
      { ...good, endpoint: "http://push.example/x" },
      { ...good, endpoint: "not a url" },
      { ...good, keys: { auth: good.keys.auth } },
      { ...good, keys: { p256dh: good.keys.p256dh, auth: "" } },
      { ...good, keys: { p256dh: "has spaces in it", auth: good.keys.auth } },
    ]) {
      expect(() => subscriptionForSave(bad)).toThrow(PushErrors.missingFields);
    }
  });

  it("names what the push manager got wrong", () => {
    expect(subscriptionFromPushManager(good)).toEqual(good);
    expect(() => subscriptionFromPushManager(null)).toThrow(PushErrors.invalidFromPushManager);
    expect(() => subscriptionFromPushManager({ keys: good.keys })).toThrow(PushErrors.invalidFromPushManager);
    expect(() => subscriptionFromPushManager({ endpoint: good.endpoint })).toThrow(PushErrors.keysMissing);
    expect(() => subscriptionFromPushManager({ endpoint: good.endpoint, keys: {} })).toThrow(
      PushErrors.missingFields,
    );
  });

  it("needs only the endpoint to unsubscribe", () => {
    expect(subscriptionForRemoval(good)).toEqual({ endpoint: good.endpoint });
    expect(() => subscriptionForRemoval({ keys: good.keys })).toThrow(PushErrors.missingEndpoint);
    expect(() => subscriptionForRemoval(null)).toThrow(PushErrors.missingEndpoint);
  });
});

describe("the VAPID key", () => {
  it("decodes a P-256 public key to its 65 bytes", () => {
    const bytes = vapidKeyBytes({ publicKey: VAPID });
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });

  it("refuses anything that is not one", () => {
    for (const answer of [null, {}, { publicKey: 42 }, { publicKey: "AAAA" }, { publicKey: "not base64!" }]) {
      expect(() => vapidKeyBytes(answer)).toThrow(/not a valid VAPID key/);
    }
    // 65 bytes that do not start with 0x04 (a compressed or garbage point).
    const wrongFirst = btoa(String.fromCharCode(3, ...new Array(64).fill(1)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
    expect(() => vapidKeyBytes({ publicKey: wrongFirst })).toThrow(/not a valid VAPID key/);
  });

  it("base64url decodes with or without padding", () => {
    expect([...base64UrlToBytes("-_8")]).toEqual([0xfb, 0xff]);
    expect([...base64UrlToBytes("-_8=")]).toEqual([0xfb, 0xff]);
  });

  it("tells whether a subscription was made with the same key", () => {
    const key = vapidKeyBytes({ publicKey: VAPID });
    expect(sameKey(key.slice().buffer, key)).toBe(true);
    const other = key.slice();
    other[10] = (other[10] ?? 0) ^ 1;
    expect(sameKey(other.buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});
