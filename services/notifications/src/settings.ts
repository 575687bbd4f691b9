import * as z from "zod";

/** The notifications service's environment: web push's keys and exceptions, the source alerts' patience. */
export const notificationsSettings = z.object({
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "expected mailto: or https://")
    .default("mailto:admin@localhost"),
  /**
   * Push endpoints are addresses browsers (so users) hand in: pushes go to public addresses only.
   * A push service double on a private address (tests, a closed network's own push service) is
   * named here, `host:port` comma-separated; nothing else private is ever pushed to.
   */
  PUSH_PRIVATE_HOSTS: z
    .string()
    .regex(
      /^([\w.-]+|\[[\da-f:]+\]):\d+(,([\w.-]+|\[[\da-f:]+\]):\d+)*$/i,
      "expected host:port, comma-separated",
    )
    .optional(),
  /** How long a source stays offline before the admins hear of it on Telegram (decimals allowed). */
  SOURCE_ALERT_AFTER_MINUTES: z.coerce
    .number({ message: "expected a number of minutes" })
    .positive("expected a number of minutes above 0")
    .max(1440, "expected at most 1440 minutes (a day)")
    .default(15),
});
export type NotificationsSettings = z.infer<typeof notificationsSettings>;
