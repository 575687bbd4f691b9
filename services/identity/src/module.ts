import { persistentSecret, type ServiceModule } from "@dirabot/platform";
import { users } from "../migrations/0001_users.ts";
import { AuthService } from "./auth.service.ts";
import { routes } from "./server.ts";
import { Tokens } from "./tokens.ts";
import { UsersRepo } from "./users.repo.ts";
import { UsersService } from "./users.service.ts";

/** The identity service: users, credentials, sessions, roles and bans. */
export const identity: ServiceModule = {
  name: "identity",
  schema: "identity",
  migrations: { "0001_users": users },
  async start(ctx) {
    const secret = ctx.settings.JWT_SECRET ?? persistentSecret(ctx.settings.DATA_DIR, "jwt-secret");
    const repo = new UsersRepo(ctx.db);
    const auth = new AuthService(repo, new Tokens(secret), ctx.outbox);
    const usersService = new UsersService(repo, ctx.outbox);
    return {
      routes: routes(auth, usersService),
      async begin() {
        if (ctx.settings.ADMIN_EMAIL)
          await auth.ensureAdmin(ctx.settings.ADMIN_EMAIL, ctx.settings.ADMIN_PASSWORD);
      },
    };
  },
};
