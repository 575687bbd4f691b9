import { createClient } from "@connectrpc/connect";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import { afterAll, describe, expect, it } from "vitest";
import {
  asUser,
  DENO,
  external,
  type Proc,
  startProcess,
  tempDir,
  trustedTransport,
  uniqueId,
  waitFor,
} from "../../platform/test/helpers.ts";
import { BotApiDouble } from "../test/bot-api-double.ts";
import { REPLIES } from "./bot.ts";

describe("the telegram service under Deno", () => {
  let double: BotApiDouble | undefined;
  let proc: Proc | undefined;
  afterAll(async () => {
    if (proc && proc.child.exitCode === null) proc.child.kill("SIGTERM");
    await proc?.exited;
    await double?.close();
  });

  it("polls the Bot API with grammY and answers Connect calls", async () => {
    const userId = uniqueId();
    double = await BotApiDouble.start();
    proc = startProcess(
      DENO,
      ["run", "-A", "--node-modules-dir=manual", "services/telegram/test/instance.ts"],
      {
        DATA_DIR: tempDir(),
        PORT: "0",
        HOST: "127.0.0.1",
        DATABASE_URL: external.database,
        NATS_URL: external.nats,
        TELEGRAM_BOT_TOKEN: double.token,
        TELEGRAM_API_ROOT: double.url,
      },
    );
    const port = await proc.port;
    // No gateway in that process: its one port is internal, signed with the run's SERVICE_SECRET.
    const tg = createClient(TelegramService, trustedTransport(`http://127.0.0.1:${port}`));
    const { code, url } = await tg.createLinkCode({}, asUser(userId));
    expect(url).toBe(`https://t.me/${double.botUsername}?start=${code}`);
    const d = double;
    d.userSays({ chatId: 8001, username: "deno" }, `/start ${code}`);
    await waitFor(async () => (d.sentTo(8001).length > 0 ? true : undefined), "the bot's answer", 30_000);
    expect(d.sentTo(8001)).toEqual([REPLIES.linked]);
    expect(await tg.getLink({ userId: userId })).toMatchObject({ linked: true, username: "deno" });
  }, 90_000);
});
