import { envNameOf, provisionRoles, roleOf } from "@dirabot/platform";
import { MODULES } from "./services.ts";

/**
 * The one-off step of an install or upgrade (the Helm chart's provisioning Job): with the
 * administrator's URL (ADMIN_DATABASE_URL: the database's owner, with CREATEROLE), makes each
 * service's role, the one its DATABASE_URL_<SERVICE> names with its password, owner of its
 * schema and of nothing else. Idempotent.
 */
const admin = process.env.ADMIN_DATABASE_URL;
if (!admin) {
  console.error("Cannot provision: ADMIN_DATABASE_URL is unset");
  process.exit(1);
}
const passwords = new Map<string, string>();
for (const m of MODULES) {
  const variable = `DATABASE_URL_${envNameOf(m.name).replace(/_SERVICE_URL$/, "")}`;
  const url = process.env[variable];
  if (!url) continue; // a service this deployment does not run
  const u = new URL(url);
  if (decodeURIComponent(u.username) !== roleOf(m.schema)) {
    console.error(`Cannot provision: ${variable} must connect as ${roleOf(m.schema)}`);
    process.exit(1);
  }
  passwords.set(roleOf(m.schema), decodeURIComponent(u.password));
}
const schemas = MODULES.map((m) => m.schema).filter((s) => passwords.has(roleOf(s)));
if (schemas.length === 0) {
  console.error("Cannot provision: no DATABASE_URL_<SERVICE> is set");
  process.exit(1);
}
await provisionRoles(admin, schemas, (role) => passwords.get(role) as string);
console.log(`provisioned ${[...passwords.keys()].join(", ")}`);
process.exit(0);
