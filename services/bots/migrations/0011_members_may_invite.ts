import type { AnyDb } from "@dirabot/platform";

/** The owner's second switch on a shared bot: members may invite others too (off by default). */
export const membersMayInvite = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable("bots")
      .addColumn("members_may_invite", "boolean", (c) => c.notNull().defaultTo(false))
      .execute();
  },
};
