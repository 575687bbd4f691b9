import type { ConsumerSpec } from "@dirabot/platform";
import { subjectOf } from "@dirabot/platform";
import { UserDeletedSchema } from "@dirabot/proto/events/v1/identity_pb.js";
import type { LinksRepo } from "./links.repo.ts";

/** A deleted user's link and codes go with them (idempotent: deleting nothing is fine). */
export const onUserDeleted = (repo: LinksRepo): ConsumerSpec<typeof UserDeletedSchema> => ({
  durable: "telegram-on-user-deleted",
  subjects: [subjectOf("identity", "user.deleted")],
  schema: UserDeletedSchema,
  apply: (trx, event) => repo.forget(trx, event.payload.userId),
});
