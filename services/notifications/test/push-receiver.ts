import { execFileSync } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as https from "node:https";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { importJWK, jwtVerify } from "jose";

/**
 * A local push service over HTTPS (a certificate of a CA made for the run), standing in for FCM
 * or Mozilla's: it checks each push as a real one does — the VAPID JWT (ES256 against the key in
 * the header, `aud` = this origin, `exp` within 24 h), the aes128gcm body — and decrypts it with
 * the subscription's private key as the browser would (RFC 8291 / 8188, node:crypto only).
 * Endpoints answer 201, or what a test queued for them (`answer`), e.g. 503 then 201, or 410.
 */
export interface Received {
  id: string;
  payload: Record<string, unknown>;
  headers: Record<string, string>;
  jwt: { aud: string; exp: number; sub: string };
  at: number;
}

interface Browser {
  ecdh: crypto.ECDH;
  auth: Buffer;
}

export class PushReceiver {
  url = "";
  /** `host:port`, for PUSH_PRIVATE_HOSTS: the one push service off port 443 a test may subscribe. */
  get host(): string {
    return new URL(this.url).host;
  }
  /** What a browser's pushes arrived as, decrypted, in order. */
  readonly received: Received[] = [];
  /** Every request and the status it got (refused ones too). */
  readonly answered: Array<{ id: string; status: number }> = [];
  /** Requests that failed the checks (a bad signature, a body that does not decrypt). */
  readonly rejected: Array<{ id: string; reason: string }> = [];
  /** The VAPID key pushes must be signed with; unset takes whatever key signs validly. */
  vapidPublicKey = "";
  readonly ca: string;
  readonly agent: https.Agent;
  readonly #server: https.Server;
  readonly #browsers = new Map<string, Browser>();
  readonly #queued = new Map<string, Array<{ status: number; headers?: Record<string, string> }>>();
  readonly #always = new Map<string, number>();
  readonly #waiters = new Set<() => void>();

  private constructor(cert: { ca: string; key: string; cert: string }) {
    this.ca = cert.ca;
    this.agent = new https.Agent({ ca: cert.ca, keepAlive: true, maxSockets: 256 });
    this.#server = https.createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
      this.#handle(req, res).catch((err) => {
        this.rejected.push({ id: "?", reason: String(err) });
        res.writeHead(500).end();
      });
    });
    this.#server.keepAliveTimeout = 30_000;
  }

  static async start(): Promise<PushReceiver> {
    const r = new PushReceiver(makeCertificate());
    await new Promise<void>((ok) => r.#server.listen(0, "127.0.0.1", ok));
    r.url = `https://127.0.0.1:${(r.#server.address() as AddressInfo).port}`;
    return r;
  }

  /** A new browser: its PushSubscription as toJSON() gives it. */
  subscription(): { id: string; endpoint: string; keys: { p256dh: string; auth: string } } {
    const id = crypto.randomUUID();
    const ecdh = crypto.createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = crypto.randomBytes(16);
    this.#browsers.set(id, { ecdh, auth });
    return {
      id,
      endpoint: `${this.url}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    };
  }

  /** The next requests to this endpoint get these answers, in order; then 201 again. */
  answer(id: string, ...answers: Array<number | { status: number; headers?: Record<string, string> }>): void {
    const q = this.#queued.get(id) ?? [];
    q.push(...answers.map((a) => (typeof a === "number" ? { status: a } : a)));
    this.#queued.set(id, q);
  }

  /** Every request to this endpoint gets this status. */
  always(id: string, status: number): void {
    this.#always.set(id, status);
  }

  to(id: string): Received[] {
    return this.received.filter((r) => r.id === id);
  }

  /** Resolves once `test()` holds, checked after every request; rejects after `timeoutMs`. */
  async until<T>(test: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
    const now = test();
    if (now !== undefined) return now;
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const v = test();
        if (v === undefined) return;
        cleanup();
        resolve(v);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`push receiver: timed out waiting for ${what}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.#waiters.delete(check);
      };
      this.#waiters.add(check);
    });
  }

  async close(): Promise<void> {
    this.agent.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((r) => this.#server.close(() => r()));
  }

  async #handle(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
    const reply = (status: number, headers: Record<string, string> = {}) => {
      this.answered.push({ id, status });
      res.writeHead(status, headers).end();
      for (const w of [...this.#waiters]) w();
    };
    const browser = this.#browsers.get(id);
    if (!browser || req.method !== "POST") return reply(404);
    const refuse = (reason: string) => {
      this.rejected.push({ id, reason });
      return reply(400);
    };
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    let jwt: Received["jwt"];
    let payload: Record<string, unknown>;
    try {
      jwt = await this.#checkVapid(headers.authorization ?? "");
      if (headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
      if (!/^\d+$/.test(headers.ttl ?? "")) throw new Error("no TTL");
      const text = decrypt(Buffer.concat(chunks), browser).toString("utf8");
      payload = text.startsWith("{") ? JSON.parse(text) : { text };
    } catch (err) {
      return refuse((err as Error).message);
    }
    const always = this.#always.get(id);
    const next = always !== undefined ? { status: always } : this.#queued.get(id)?.shift();
    if (next && next.status >= 300) return reply(next.status, next.headers);
    this.received.push({ id, payload, headers, jwt, at: performance.now() });
    reply(next?.status ?? 201);
  }

  /** `vapid t=<JWT>, k=<public key>` (RFC 8292): an ES256 signature by k, for this origin, unexpired. */
  async #checkVapid(authorization: string): Promise<Received["jwt"]> {
    const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization);
    if (!m) throw new Error("no VAPID authorization");
    const [token, k] = [m[1] as string, m[2] as string];
    if (this.vapidPublicKey && k !== this.vapidPublicKey) throw new Error("signed with another VAPID key");
    // k is the uncompressed P-256 point: 0x04, then x and y.
    const point = Buffer.from(k, "base64url");
    const key = await importJWK(
      {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33, 65).toString("base64url"),
      },
      "ES256",
    );
    const { payload: claims } = await jwtVerify(token, key, {
      algorithms: ["ES256"],
      audience: this.url,
      requiredClaims: ["exp", "sub"],
    }).catch((err: Error) => {
      throw new Error(`bad VAPID JWT: ${err.message}`);
    });
    const exp = claims.exp as number;
    // RFC 8292: no more than a day ahead.
    if (exp > Date.now() / 1000 + 24 * 3600) throw new Error("exp out of range");
    if (!/^(mailto:|https:)/.test(claims.sub ?? "")) throw new Error("no sub");
    return { aud: this.url, exp, sub: claims.sub as string };
  }
}

/** RFC 8291 (Web Push encryption) over RFC 8188 (aes128gcm), as the browser decrypts. */
function decrypt(body: Buffer, browser: Browser): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] as number;
  const serverKey = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (idlen !== 65 || records.length > rs) throw new Error("not one aes128gcm record with the sender's key");
  const shared = browser.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(crypto.hkdfSync("sha256", shared, browser.auth, info, 32));
  const cek = Buffer.from(
    crypto.hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16),
  );
  const nonce = Buffer.from(
    crypto.hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12),
  );
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}

/** A CA and a certificate for 127.0.0.1 and localhost it signed, made with the openssl command. */
function makeCertificate(): { ca: string; key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-push-ca-"));
  const f = (n: string) => path.join(dir, n);
  const run = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  run(
    ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2"],
    ...["-subj", "/CN=Dirabot test push CA", "-keyout", f("ca.key"), "-out", f("ca.pem")],
  );
  run(
    ...["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"],
    ...["-subj", "/CN=127.0.0.1", "-keyout", f("key.pem"), "-out", f("req.csr")],
  );
  fs.writeFileSync(f("ext.cnf"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
  run(
    ...["x509", "-req", "-in", f("req.csr"), "-CA", f("ca.pem"), "-CAkey", f("ca.key"), "-CAcreateserial"],
    ...["-days", "2", "-extfile", f("ext.cnf"), "-out", f("cert.pem")],
  );
  const read = (n: string) => fs.readFileSync(f(n), "utf8");
  const out = { ca: read("ca.pem"), key: read("key.pem"), cert: read("cert.pem") };
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}
