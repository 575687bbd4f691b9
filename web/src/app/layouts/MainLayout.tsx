import { Drawer } from "@blueprintjs/core";
import { lazy, Suspense, useEffect, useState } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router-dom";
import { saveAccountLang, useAuth } from "../../features/auth/index.ts";
import { ChatsLive } from "../../features/chats/index.ts";
import { forgetThisDevice, InstallPrompt } from "../../features/notifications/index.ts";
import { inlineStart, useDirection } from "../../i18n/direction.ts";
import { type Lang, useTranslation } from "../../i18n/index.ts";
import { LARGE_SCREEN, useMediaQuery } from "../../lib/useMediaQuery.ts";
import styles from "./MainLayout.module.css";
import { SideNav } from "./shell/SideNav.tsx";
import { TopBar } from "./shell/TopBar.tsx";

// The account's edit dialog is code of its own, fetched the first time it opens: on a phone's
// network every file on the way to the first screen costs a round trip.
const EditUserDialog = lazy(() =>
  import("../../features/users/index.ts").then((m) => ({ default: m.EditUserDialog })),
);

// Frame of the signed-in screens: top bar, side nav (a drawer on small screens),
// and the account's edit dialog, which the account menu's Profile opens. Which of the nav and the
// menu button shows is the stylesheet's call, not the code's: the gateway draws the frame before
// the browser's screen width is known (lib/drawn.ts), and that markup must be right on a phone.
export function MainLayout() {
  const { t } = useTranslation("shell");
  const { user, signOut, setUser } = useAuth();
  const large = useMediaQuery(LARGE_SCREEN);
  const dir = useDirection();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  // Mounted from its first opening on, so it can animate closed like any dialog.
  const [editUsed, setEditUsed] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // Following a link in the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger.
  useEffect(() => setDrawerOpen(false), [pathname]);

  // RequireAuth renders this only with a user; a logout in progress may briefly leave none.
  if (!user) return <Navigate to="/login" replace />;

  // Logout ends the session locally even if the server call fails, then shows /login.
  // This browser stops getting the account's pushes first, while the session can still say so.
  const logout = () =>
    void forgetThisDevice()
      .then(() => signOut())
      .then(() => navigate("/login", { replace: true }));
  const nav = <SideNav user={user} onLogout={logout} />;
  // The choice is the account's at once (the account's language would otherwise win it back);
  // a refusal leaves it in this browser only.
  const saveLanguage = (lang: Lang) => {
    const chosen = { ...user, locale: lang } as typeof user;
    setUser(chosen);
    void saveAccountLang(chosen, lang).then(setUser, (error: unknown) =>
      console.warn("The language could not be saved to the account:", error),
    );
  };

  // The chat socket (and the unread counts it keeps current) lives as long as the signed-in frame, per account.
  return (
    <ChatsLive key={user._id} user={user}>
      <div className={styles.layout}>
        <aside className={styles.nav}>{nav}</aside>
        <div className={styles.body}>
          <TopBar
            user={user}
            onMenu={() => setDrawerOpen(true)}
            onProfile={() => {
              setEditUsed(true);
              setEditOpen(true);
            }}
            onLogout={logout}
            onLanguage={saveLanguage}
          />
          <main className={styles.content}>
            <Outlet />
          </main>
        </div>
        <Drawer
          isOpen={drawerOpen && !large}
          onClose={() => setDrawerOpen(false)}
          position={inlineStart(dir)}
          size={280}
          aria-label={t("nav.drawer")}
        >
          {nav}
        </Drawer>
        {editUsed ? (
          <Suspense fallback={null}>
            <EditUserDialog user={user} isOpen={editOpen} onClose={() => setEditOpen(false)} />
          </Suspense>
        ) : null}
        <InstallPrompt />
      </div>
    </ChatsLive>
  );
}
