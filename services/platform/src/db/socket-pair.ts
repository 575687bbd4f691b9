import { Duplex } from "node:stream";

/**
 * One end of an in-memory connection. It carries the few `net.Socket` methods its two users call:
 * `pg` (connect, setNoDelay, setKeepAlive, ref, unref) and pglite-socket's handler (setNoDelay,
 * remoteAddress). Not `stream.duplexPair`: the ends must look like sockets, and Deno's
 * node:stream may lack it.
 */
export class SocketEnd extends Duplex {
  peer: SocketEnd | undefined;
  readonly remoteAddress = "in-process";
  readonly remotePort = 0;

  constructor() {
    // As a TCP socket: when the other side ends, this side ends too (pg and the handler expect it).
    super({ allowHalfOpen: false });
  }

  override _read(): void {}

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    const peer = this.peer;
    if (!peer || peer.destroyed) {
      done(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
      return;
    }
    peer.push(chunk);
    done();
  }

  override _final(done: (err?: Error | null) => void): void {
    this.peer?.push(null);
    done();
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    // The other side sees the connection close, as it would when a peer's socket is destroyed.
    if (this.peer && !this.peer.destroyed) this.peer.destroy();
    done(err);
  }

  /** pg calls connect(port, host) and waits for "connect": the pair is connected from the start. */
  connect(): this {
    process.nextTick(() => this.emit("connect"));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

/** Two connected ends: what is written to one is read from the other. */
export function socketPair(): [SocketEnd, SocketEnd] {
  const a = new SocketEnd();
  const b = new SocketEnd();
  a.peer = b;
  b.peer = a;
  return [a, b];
}
