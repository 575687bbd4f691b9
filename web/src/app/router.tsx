import { Navigate, Outlet, type RouteObject } from "react-router-dom";
import { LoginPage } from "../features/auth/index.ts";
import { NotFoundPage } from "../features/system/index.ts";
import { withCatalogues } from "../i18n/index.ts";
import { RouteErrorScreen } from "./errors/RouteErrorScreen.tsx";
import { RequireAdmin, RequireAuth } from "./guards.tsx";
import { FullPageLoading } from "./layouts/FullPageLoading.tsx";
import { PublicLayout } from "./layouts/PublicLayout.tsx";
import { screens } from "./screens.ts";

// The route map. Paths are the product's, character for character (e.g. /forgotpassword,
// /under_construction, /admin/user). The browser's router is made from it in main.tsx; the build
// renders the sign-in page from it too (prerender.tsx), so both draw the same tree.
export const routes: RouteObject[] = [
  {
    Component: Outlet,
    errorElement: <RouteErrorScreen />,
    // Shown while the first screen's code downloads.
    HydrateFallback: FullPageLoading,
    children: [
      {
        Component: PublicLayout,
        children: [
          // In the first download, not on demand: the sign-in page is the first screen of most
          // visits, and fetching it after the app's code was one more round trip before it
          // painted (long on a slow phone network, while the page itself is small).
          { path: "login", Component: LoginPage },
          { path: "register", lazy: screens.register },
          { path: "forgotpassword", lazy: screens.forgotPassword },
          { path: "resetpassword", lazy: screens.resetPassword },
          { path: "banned", lazy: screens.banned },
          { path: "redirect", lazy: screens.redirect },
          { path: "invite/:token", lazy: screens.invite },
          { path: "under_construction", lazy: screens.underConstruction },
          { path: "404", Component: NotFoundPage },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            // The signed-in shell (chats and their socket, the bell) is its own chunk: the login
            // page never downloads it.
            lazy: withCatalogues(() =>
              import("./layouts/MainLayout.tsx").then((m) => ({ Component: m.MainLayout })),
            ),
            children: [
              { index: true, element: <Navigate to="/bots" replace /> },
              { path: "bots", lazy: screens.bots },
              { path: "properties", lazy: screens.properties },
              { path: "notifications", lazy: screens.notifications },
              { path: "chats", lazy: screens.chats },
              { path: "chats/:chatId", lazy: screens.chat },
              { path: "profile", lazy: screens.profile },
              {
                path: "admin",
                Component: RequireAdmin,
                children: [
                  { index: true, element: <Navigate to="/admin/dashboard" replace /> },
                  { path: "dashboard", lazy: screens.adminDashboard },
                  { path: "user", lazy: screens.adminUsers },
                  { path: "telegram", lazy: screens.adminTelegram },
                  { path: "bots", lazy: screens.adminBots },
                  { path: "properties", lazy: screens.adminProperties },
                  { path: "notifications", lazy: screens.adminNotifications },
                  { path: "chats", lazy: screens.adminChats },
                  { path: "chats/:chatId", lazy: screens.adminChat },
                  { path: "profile", lazy: screens.adminProfile },
                ],
              },
            ],
          },
        ],
      },
      { path: "*", element: <Navigate to="/404" replace /> },
    ],
  },
];
