import * as fs from "node:fs/promises";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { renderFeed, renderLogin, renderPosts } from "./facebook-pages.ts";

export interface DoublePost {
  id: string;
  groupId: string;
  text: string;
  author: string;
  at: Date;
  images: string[];
  /** Shown without any link to it, as if Facebook's markup had changed. */
  noLink?: boolean;
}

/** What a request without a live session gets: the login wall, a redirect to /login, or a checkpoint. */
export type WallKind = "wall" | "login" | "checkpoint";

// Post ids are unique per run: listings keys Facebook posts by id on a shared database.
let nextId = Date.now() * 1000;
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * A local Facebook for the scraper's tests: group feeds shaped like the real ones (articles,
 * story_message text truncated behind "ראה עוד"/"See more", permalinks, lazy loading on
 * scroll), behind a session cookie. Without a live session it answers like Facebook does.
 */
export class FacebookDouble {
  readonly url: string;
  readonly host: string;
  /** Every page or feed request, in order (images excluded). */
  readonly requests: string[] = [];
  #server: http.Server;
  #posts: DoublePost[] = [];
  #names = new Map<string, { name: string | null; header: boolean }>();
  #sessions = new Set<string>();
  #wall: WallKind = "login";
  #pageSize: number;
  #holds = new Map<string, Promise<void>>();
  #moreDelayMs = 0;

  private constructor(server: http.Server, pageSize: number) {
    this.#server = server;
    this.#pageSize = pageSize;
    const port = (server.address() as AddressInfo).port;
    this.host = "127.0.0.1";
    this.url = `http://127.0.0.1:${port}`;
  }

  static async start(opts: { pageSize?: number } = {}): Promise<FacebookDouble> {
    let double: FacebookDouble | undefined;
    const server = http.createServer((req, res) => double?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    double = new FacebookDouble(server, opts.pageSize ?? 3);
    return double;
  }

  /** Publishes a post at the top of a group's feed; returns its id. */
  post(
    groupId: string,
    p: { text: string; author?: string; at?: Date; images?: number; noLink?: boolean },
  ): DoublePost {
    const id = String(nextId++);
    const images = Array.from({ length: p.images ?? 0 }, (_, i) => `${this.url}/img/${id}-${i + 1}.png`);
    const post = {
      id,
      groupId,
      text: p.text,
      author: p.author ?? "דנה כהן",
      at: p.at ?? new Date(),
      images,
      noLink: p.noLink,
    };
    this.#posts.unshift(post);
    return post;
  }

  /**
   * Names a group: in its page header and window title, or (`header` false, as a changed page
   * might) in the title only; null shows no name at all. Unnamed groups are "דירות להשכרה בתל אביב".
   */
  nameGroup(groupId: string, name: string | null, header = true): void {
    this.#names.set(groupId, { name, header });
  }

  /** A fresh logged-in session, as the account's browser would hold it. */
  newSession(): { c_user: string; xs: string } {
    const xs = `xs-${Math.random().toString(36).slice(2)}`;
    this.#sessions.add(xs);
    return { c_user: "100089", xs };
  }

  /** Writes a cookie export of a fresh session (Cookie-Editor's shape, or Playwright's storageState). */
  async writeCookieFile(path: string, shape: "cookie-editor" | "storage-state" = "cookie-editor") {
    const s = this.newSession();
    const expiry = Math.floor(Date.now() / 1000) + 86_400 * 90;
    const cookies = Object.entries(s).map(([name, value]) =>
      shape === "cookie-editor"
        ? {
            domain: this.host,
            expirationDate: expiry,
            hostOnly: true,
            httpOnly: name === "xs",
            name,
            path: "/",
            sameSite: "no_restriction",
            secure: false,
            session: false,
            storeId: "0",
            value,
          }
        : {
            name,
            value,
            domain: this.host,
            path: "/",
            expires: expiry,
            httpOnly: name === "xs",
            secure: false,
            sameSite: "Lax",
          },
    );
    await fs.writeFile(path, JSON.stringify(shape === "cookie-editor" ? cookies : { cookies, origins: [] }));
  }

  /** Logs every session out; requests then get `answer`. */
  expireSessions(answer: WallKind = "login"): void {
    this.#sessions.clear();
    this.#wall = answer;
  }

  /** Holds the answers of a group's feed page until the returned function is called. */
  hold(groupId: string): () => void {
    let release = () => {};
    this.#holds.set(groupId, new Promise<void>((r) => (release = r)));
    return () => {
      this.#holds.delete(groupId);
      release();
    };
  }

  /** Answers every load of more posts (a scroll's) after `ms`: a slow network. */
  slowMore(ms: number): void {
    this.#moreDelayMs = ms;
  }

  groupLoads(groupId: string): number {
    return this.requests.filter((r) => r.startsWith(`/groups/${groupId}/`)).length;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise((r) => this.#server.close(r));
  }

  private loggedIn(req: http.IncomingMessage): boolean {
    const xs = /(?:^|;\s*)xs=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
    return xs !== undefined && this.#sessions.has(xs);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, again = false) {
    const url = new URL(req.url ?? "/", this.url);
    const send = (
      status: number,
      type: string,
      body: string | Buffer,
      headers: Record<string, string> = {},
    ) => {
      res.writeHead(status, { "content-type": type, ...headers });
      res.end(body);
    };
    if (url.pathname.startsWith("/img/")) return send(200, "image/png", PNG);
    if (!again) this.requests.push(url.pathname + url.search);
    const html = (body: string) => send(200, "text/html; charset=utf-8", body);
    if (url.pathname.startsWith("/login")) return html(renderLogin("login"));
    if (url.pathname.startsWith("/checkpoint/")) return html(renderLogin("checkpoint"));
    const m = /^\/groups\/([\w.-]+)\/(more)?$/.exec(url.pathname);
    if (!m?.[1]) return send(404, "text/plain", "not found");
    const groupId = m[1];
    if (!this.loggedIn(req)) {
      if (m[2]) return send(401, "application/json", JSON.stringify({ error: "login required" }));
      if (this.#wall === "wall") return html(renderLogin("login"));
      const to =
        this.#wall === "login"
          ? `/login/?next=${encodeURIComponent(url.href)}`
          : "/checkpoint/1501092823525282/";
      return send(302, "text/plain", "", { location: to });
    }
    const posts = this.#posts.filter((p) => p.groupId === groupId);
    const held = this.#holds.get(groupId);
    if (held && !m[2]) {
      void held.then(() => this.handle(req, res, true));
      return;
    }
    if (!m[2]) {
      const named = this.#names.get(groupId) ?? { name: "דירות להשכרה בתל אביב", header: true };
      return html(renderFeed(groupId, named, posts.slice(0, this.#pageSize), this.#pageSize, posts.length));
    }
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const next = Math.min(offset + this.#pageSize, posts.length);
    const page = renderPosts(posts.slice(offset, next), offset);
    const answer = () =>
      send(200, "application/json", JSON.stringify({ ...page, next, done: next >= posts.length }));
    if (this.#moreDelayMs > 0) setTimeout(answer, this.#moreDelayMs);
    else answer();
  }
}
