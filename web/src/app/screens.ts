import type { ComponentType } from "react";

// The one place that says which component each route shows. Every screen is loaded on demand, so
// the first page does not download the maps and chat code it does not need. Screens not built yet
// show the under-construction page; a later issue swaps its line for e.g.
//   bots: () => import("../features/bots/BotsPage.tsx").then((m) => ({ Component: m.BotsPage })),

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
  // Signed in
  bots: () => import("../features/bots/BotsPage.tsx").then((m) => ({ Component: m.BotsPage })),
  properties: () =>
    import("../features/properties/PropertiesPage.tsx").then((m) => ({ Component: m.PropertiesPage })),
  notifications: () =>
    import("../features/notifications/NotificationsPage.tsx").then((m) => ({
      Component: m.NotificationsPage,
    })),
  chats: () => import("../features/chats/UserChatsPage.tsx").then((m) => ({ Component: m.UserChatsPage })),
  chat: () => import("../features/chats/UserChatsPage.tsx").then((m) => ({ Component: m.UserChatsPage })),
  profile: () => import("../features/users/ProfilePage.tsx").then((m) => ({ Component: m.ProfilePage })),
  // Admin
  adminDashboard: () =>
    import("../features/admin/dashboard/DashboardPage.tsx").then((m) => ({ Component: m.DashboardPage })),
  adminUsers: () =>
    import("../features/users/AdminUsersPage.tsx").then((m) => ({ Component: m.AdminUsersPage })),
  adminTelegram: () =>
    import("../features/telegram/AdminTelegramPage.tsx").then((m) => ({ Component: m.AdminTelegramPage })),
  adminBots: () => import("../features/bots/AdminBotsPage.tsx").then((m) => ({ Component: m.AdminBotsPage })),
  // Admins browse the same listings with the same tools.
  adminProperties: () =>
    import("../features/properties/PropertiesPage.tsx").then((m) => ({ Component: m.PropertiesPage })),
  adminNotifications: () =>
    import("../features/notifications/AdminNotificationsPage.tsx").then((m) => ({
      Component: m.AdminNotificationsPage,
    })),
  adminChats: () =>
    import("../features/chats/AdminChatsPage.tsx").then((m) => ({ Component: m.AdminChatsPage })),
  adminChat: () =>
    import("../features/chats/AdminChatsPage.tsx").then((m) => ({ Component: m.AdminChatsPage })),
  adminProfile: () => import("../features/users/ProfilePage.tsx").then((m) => ({ Component: m.ProfilePage })),
} satisfies Record<string, Screen>;
