import { setting } from "@dirabot/platform";
import * as z from "zod";

/** The identity service's environment: the operator's admin account, the passwords' hash cost. */
export const identitySettings = z.object({
  ADMIN_EMAIL: z.email({ message: "expected an email address" }).optional(),
  ADMIN_PASSWORD: z.string().min(8, "expected at least 8 characters").optional(),
  /** Only with this does ADMIN_EMAIL make an existing account (maybe someone else's sign-up) admin. */
  ADMIN_PROMOTE_EXISTING: setting.flag().default(false),
  /** "minimum" is for test runs (passwords.ts HASH_COSTS); production keeps "standard". */
  PASSWORD_HASH_COST: z.enum(["standard", "minimum"]).default("standard"),
});
