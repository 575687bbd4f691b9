import type { MessageInitShape } from "@bufbuild/protobuf";
import type { NotifyPatch } from "@dirabot/api";
import type { NotifySettingsChangeSchema } from "@dirabot/proto/identity/v1/identity_pb.js";
import type * as z from "zod";

/** The patch as identity's UpdateUserRequest.notify. */
export function notifyChange(
  n: z.infer<typeof NotifyPatch> | undefined,
): MessageInitShape<typeof NotifySettingsChangeSchema> | undefined {
  if (!n) return undefined;
  const q = n.quietHours;
  return {
    telegramMatches: n.telegramMatches,
    quietHoursChange:
      q === undefined
        ? { case: undefined }
        : q === null
          ? { case: "clearQuietHours", value: true }
          : { case: "quietHours", value: { from: q.from, to: q.to } },
  };
}
