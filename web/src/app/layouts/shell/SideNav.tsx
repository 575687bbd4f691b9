import { Button, Classes, Icon, Switch, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { NavLink } from "react-router-dom";
import { Brand } from "../../../components/Brand.tsx";
import { isAdmin, type User } from "../../../features/auth/index.ts";
import { ChatsNavBadge, useClearNavBadge } from "../../../features/chats/index.ts";
import { useTranslation } from "../../../i18n/index.ts";
import { avatarUrl } from "../../../lib/avatar.ts";
import { useTheme } from "../../../lib/theme.tsx";
import { ADMIN_ITEMS, MAIN_ITEMS, type NavItem } from "./navItems.ts";
import styles from "./SideNav.module.css";

// The side nav's content: who is signed in, where to go, theme and logout. The layout puts
// it in a fixed 280 px column on large screens and in a drawer on small ones.

function NavEntry({ item }: { item: NavItem }) {
  // The Chats item carries the unread count, cleared by clicking it.
  const { t } = useTranslation("shell");
  const chats = item.to === "/chats";
  const clearBadge = useClearNavBadge();
  return (
    <NavLink
      to={item.to}
      onClick={chats ? clearBadge : undefined}
      className={({ isActive }) => clsx(styles.item, isActive && styles.active)}
    >
      <Icon icon={item.icon} />
      <span>{t(`nav.${item.label}`)}</span>
      {chats ? <ChatsNavBadge /> : null}
    </NavLink>
  );
}

export function SideNav({ user, onLogout }: { user: User; onLogout: () => void }) {
  const { t } = useTranslation("shell");
  const { isDark, toggleTheme } = useTheme();
  return (
    <div className={styles.nav}>
      <div className={styles.brand}>
        <Brand />
      </div>
      <div className={styles.account}>
        <img className={styles.avatar} src={avatarUrl(user.avatar, user._id)} alt="" width={48} height={48} />
        <div className={styles.who}>
          <div className={styles.name}>
            <bdi>
              {user.firstname} {user.lastname}
            </bdi>
          </div>
          <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_OVERFLOW_ELLIPSIS} ${styles.email}`}>
            <bdi>{user.email}</bdi>
          </div>
          <div className={styles.roles}>
            {user.roles.map((role) => (
              <Tag key={role} minimal round intent={role === "admin" ? "warning" : "primary"}>
                {t(`roles.${role}`, { defaultValue: role })}
              </Tag>
            ))}
          </div>
        </div>
      </div>
      <nav className={styles.items} aria-label={t("nav.main")}>
        {MAIN_ITEMS.map((item) => (
          <NavEntry key={item.to} item={item} />
        ))}
        {isAdmin(user) ? (
          <>
            <div className={`${Classes.TEXT_MUTED} ${styles.section}`}>{t("nav.adminTools")}</div>
            {ADMIN_ITEMS.map((item) => (
              <NavEntry key={item.to} item={item} />
            ))}
          </>
        ) : null}
      </nav>
      <div className={styles.footer}>
        <Switch checked={isDark} onChange={toggleTheme} label={t("darkMode")} large />
        <Button fill alignText="start" variant="minimal" icon="log-out" onClick={onLogout}>
          {t("logout")}
        </Button>
      </div>
    </div>
  );
}
