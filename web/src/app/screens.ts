import type { ComponentType } from "react";
import { withCatalogues } from "../i18n/index.ts";

// The one place that says which component each route shows. Every screen is loaded on demand, so
// the first page does not download the maps and chat code it does not need. Screens not built yet
// show the under-construction page; a later issue swaps its line for e.g.
//   bots: () => import("../features/bots/BotsPage.tsx").then((m) => ({ Component: m.BotsPage })),

// The public screens read the first catalogues (i18n FIRST_NAMESPACES) only; each signed-in one
// comes with every catalogue of the reader's language (withCatalogues): the first download
// carries only the sign-in pages' words.

type Screen = () => Promise<{ Component: ComponentType }>;

const notReady: Screen = () =>
  import("../features/system/UnderConstructionPage.tsx").then((m) => ({ Component: m.default }));

export const screens = {
  // Public
  register: () => import("../features/auth/RegisterPage.tsx").then((m) => ({ Component: m.RegisterPage })),
  forgotPassword: () =>
    import("../features/auth/ForgotPasswordPage.tsx").then((m) => ({ Component: m.ForgotPasswordPage })),
  resetPassword: () =>
    import("../features/auth/ResetPasswordPage.tsx").then((m) => ({ Component: m.ResetPasswordPage })),
  banned: () => import("../features/auth/BannedPage.tsx").then((m) => ({ Component: m.BannedPage })),
  redirect: () => import("../features/auth/RedirectPage.tsx").then((m) => ({ Component: m.RedirectPage })),
  underConstruction: notReady,
  // A shared bot's invite: public (a visitor is asked to sign in), it accepts once signed in.
  invite: withCatalogues(() =>
    import("../features/bots/InvitePage.tsx").then((m) => ({ Component: m.InvitePage })),
  ),
  // Signed in
  bots: withCatalogues(() =>
    import("../features/bots/BotsPage.tsx").then((m) => ({ Component: m.BotsPage })),
  ),
  properties: withCatalogues(() =>
    import("../features/properties/PropertiesPage.tsx").then((m) => ({ Component: m.PropertiesPage })),
  ),
  notifications: withCatalogues(() =>
    import("../features/notifications/NotificationsPage.tsx").then((m) => ({
      Component: m.NotificationsPage,
    })),
  ),
  chats: withCatalogues(() =>
    import("../features/chats/UserChatsPage.tsx").then((m) => ({ Component: m.UserChatsPage })),
  ),
  chat: withCatalogues(() =>
    import("../features/chats/UserChatsPage.tsx").then((m) => ({ Component: m.UserChatsPage })),
  ),
  profile: withCatalogues(() =>
    import("../features/users/ProfilePage.tsx").then((m) => ({ Component: m.ProfilePage })),
  ),
  // Admin
  adminDashboard: withCatalogues(() =>
    import("../features/admin/dashboard/DashboardPage.tsx").then((m) => ({ Component: m.DashboardPage })),
  ),
  adminUsers: withCatalogues(() =>
    import("../features/users/AdminUsersPage.tsx").then((m) => ({ Component: m.AdminUsersPage })),
  ),
  adminTelegram: withCatalogues(() =>
    import("../features/telegram/AdminTelegramPage.tsx").then((m) => ({ Component: m.AdminTelegramPage })),
  ),
  adminBots: withCatalogues(() =>
    import("../features/bots/AdminBotsPage.tsx").then((m) => ({ Component: m.AdminBotsPage })),
  ),
  // Admins browse the same listings with the same tools.
  adminProperties: withCatalogues(() =>
    import("../features/properties/PropertiesPage.tsx").then((m) => ({ Component: m.PropertiesPage })),
  ),
  adminNotifications: withCatalogues(() =>
    import("../features/notifications/AdminNotificationsPage.tsx").then((m) => ({
      Component: m.AdminNotificationsPage,
    })),
  ),
  adminChats: withCatalogues(() =>
    import("../features/chats/AdminChatsPage.tsx").then((m) => ({ Component: m.AdminChatsPage })),
  ),
  adminChat: withCatalogues(() =>
    import("../features/chats/AdminChatsPage.tsx").then((m) => ({ Component: m.AdminChatsPage })),
  ),
  adminProfile: withCatalogues(() =>
    import("../features/users/ProfilePage.tsx").then((m) => ({ Component: m.ProfilePage })),
  ),
} satisfies Record<string, Screen>;
