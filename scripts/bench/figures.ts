import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";

/** One row of the bench table. */
export interface Figure {
  name: string;
  value: number | string;
  unit: string;
  note?: string;
}

export const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-bench-"));

export const pct = (xs: number[], p: number) =>
  xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

/** Whether every server's port accepts a connection (the machine's servers may be absent). */
export async function answers(...urls: string[]): Promise<boolean> {
  const open = (u: URL) =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(Number(u.port), u.hostname, () => {
        socket.end();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
      socket.setTimeout(2000, () => {
        socket.destroy();
        resolve(false);
      });
    });
  return (await Promise.all(urls.map((u) => open(new URL(u))))).every(Boolean);
}
