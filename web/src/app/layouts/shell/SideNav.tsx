import { Button, Classes, Icon, Switch, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { NavLink } from "react-router-dom";
import { Brand } from "../../../components/Brand.tsx";
import { isAdmin, type User } from "../../../features/auth/index.ts";
import { ChatsNavBadge, useClearNavBadge } from "../../../features/chats/index.ts";
import { avatarUrl } from "../../../lib/avatar.ts";
import { useTheme } from "../../../lib/theme.tsx";
import { ADMIN_ITEMS, MAIN_ITEMS, type NavItem } from "./navItems.ts";
import styles from "./SideNav.module.css";

// The side nav's content: who is signed in, where to go, theme and logout. The layout puts
// it in a fixed 280 px column on large screens and in a drawer on small ones.

function NavEntry({ item }: { item: NavItem }) {
  // The Chats item carries the unread count, cleared by clicking it.
  const chats = item.to === "/chats";
  const clearBadge = useClearNavBadge();
  return (
    <NavLink
      to={item.to}
      onClick={chats ? clearBadge : undefined}
      className={({ isActive }) => clsx(styles.item, isActive && styles.active)}
    >
      <Icon icon={item.icon} />
      <span>{item.label}</span>
      {chats ? <ChatsNavBadge /> : null}
    </NavLink>
  );
}

export function SideNav({ user, onLogout }: { user: User; onLogout: () => void }) {
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
            {user.firstname} {user.lastname}
          </div>
          <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_OVERFLOW_ELLIPSIS} ${styles.email}`}>
            {user.email}
          </div>
          <div className={styles.roles}>
            {user.roles.map((role) => (
              <Tag key={role} minimal round intent={role === "admin" ? "warning" : "primary"}>
                {role}
              </Tag>
            ))}
          </div>
        </div>
      </div>
      <nav className={styles.items} aria-label="Main">
        {MAIN_ITEMS.map((item) => (
          <NavEntry key={item.to} item={item} />
        ))}
        {isAdmin(user) ? (
          <>
            <div className={`${Classes.TEXT_MUTED} ${styles.section}`}>Admin Tools</div>
            {ADMIN_ITEMS.map((item) => (
              <NavEntry key={item.to} item={item} />
            ))}
          </>
        ) : null}
      </nav>
      <div className={styles.footer}>
        <Switch checked={isDark} onChange={toggleTheme} label="Dark Mode" large />
        <Button fill alignText="start" variant="minimal" icon="log-out" onClick={onLogout}>
          Logout
        </Button>
      </div>
    </div>
  );
}
