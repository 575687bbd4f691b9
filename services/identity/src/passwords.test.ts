import { AppError } from "@dirabot/platform";
import { describe, expect, it } from "vitest";
import { concurrencyBound, passwordHashing, verifyPassword } from "./passwords.ts";

describe("argon2 in a process", () => {
  it("runs a few computations at once, the rest in turn, and turns away a caller past the queue", async () => {
    const bound = concurrencyBound(2, 3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const task = (i: number) =>
      bound(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await new Promise<void>((r) => releases.push(r));
        running--;
        return i;
      });
    const done = [0, 1, 2, 3, 4].map(task);
    const refused = task(5);
    await expect(refused).rejects.toMatchObject({ code: "unavailable" });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 5));
      releases.shift()?.();
    }
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    // Once the queue drained, room again.
    const again = bound(async () => "ok");
    expect(await again).toBe("ok");
  });

  it("says busy, never 'wrong password', to a sign-in past the queue", async () => {
    const passwords = passwordHashing(concurrencyBound(1, 1));
    const hash = await passwords.hash("secret1");
    const answers = await Promise.allSettled([1, 2, 3].map(() => passwords.verify(hash, "secret1")));
    expect(answers.map((a) => (a.status === "fulfilled" ? a.value : a.reason.code))).toEqual([
      true,
      true,
      "unavailable",
    ]);
    expect(await passwords.verify(hash, "wrong-1")).toBe(false);
  }, 60_000);

  it("hashes at the library's costs by default, at OWASP's least on request, and checks both", async () => {
    const standard = await passwordHashing().hash("secret1");
    const minimum = await passwordHashing(undefined, "minimum").hash("secret1");
    expect(standard).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(minimum).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(standard, "secret1")).toBe(true);
    expect(await verifyPassword(minimum, "secret1")).toBe(true);
    expect(await verifyPassword(minimum, "secret2")).toBe(false);
  }, 60_000);
});
