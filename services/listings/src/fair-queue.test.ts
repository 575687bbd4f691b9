import { describe, expect, it } from "vitest";
import { FairQueue } from "./fair-queue.ts";

/** A task that ends when the test says, recording when it started. */
function gate(log: string[], name: string) {
  let open = () => {};
  const done = new Promise<void>((r) => {
    open = r;
  });
  return {
    task: async () => {
      log.push(name);
      await done;
      return name;
    },
    open: () => open(),
  };
}
const tick = () => new Promise((r) => setTimeout(r, 5));

describe("the geocoder's fair queue", () => {
  it("runs one task per lane at a time, lanes taking turns within the concurrency", async () => {
    const q = new FairQueue({ concurrency: 2, perLane: 5 });
    const log: string[] = [];
    const [a1, a2, a3, b1, c1] = [
      gate(log, "a1"),
      gate(log, "a2"),
      gate(log, "a3"),
      gate(log, "b1"),
      gate(log, "c1"),
    ];
    const runs = [
      q.run("a", a1.task),
      q.run("a", a2.task),
      q.run("a", a3.task),
      q.run("b", b1.task),
      q.run("c", c1.task),
    ];
    await tick();
    expect(log).toEqual(["a1", "b1"]); // a's second waits for its first, not for b
    b1.open();
    await tick();
    expect(log).toEqual(["a1", "b1", "c1"]); // c's turn comes before a's second
    a1.open();
    await tick();
    expect(log).toEqual(["a1", "b1", "c1", "a2"]);
    for (const g of [c1, a2, a3]) g.open();
    expect(await Promise.all(runs)).toEqual(["a1", "a2", "a3", "b1", "c1"]);
  });

  it("refuses a lane's task past its waiting room, and runs another lane's meanwhile", async () => {
    const q = new FairQueue({ concurrency: 4, perLane: 1 });
    const log: string[] = [];
    const first = gate(log, "a1");
    const second = gate(log, "a2");
    const runs = [q.run("a", first.task), q.run("a", second.task)];
    await expect(q.run("a", async () => "a3")).rejects.toMatchObject({ code: "rate_limited" });
    expect(await q.run("b", async () => "b1")).toBe("b1");
    first.open();
    second.open();
    expect(await Promise.all(runs)).toEqual(["a1", "a2"]);
  });
});
