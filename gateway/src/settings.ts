import { routingSettings } from "@dirabot/geography/routing";
import { setting } from "@dirabot/platform";
import * as z from "zod";

/**
 * The gateway's own environment: Google sign-in (off unless both the id and the secret are set)
 * and the router the listings' distances ask (ROUTING_URL, shared with the bots service).
 */
export const gatewaySettings = z.object({
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: setting.httpUrl("https://accounts.google.com"),
  ...routingSettings.shape,
});
export type GatewaySettings = z.infer<typeof gatewaySettings>;
