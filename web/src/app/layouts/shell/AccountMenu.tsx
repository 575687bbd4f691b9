import { Button, Classes, Menu, MenuDivider, MenuItem, PopoverNext } from "@blueprintjs/core";
import { useNavigate } from "react-router-dom";
import type { User } from "../../../features/auth/index.ts";
import { avatarUrl } from "../../../lib/avatar.ts";
import styles from "./AccountMenu.module.css";

// The top bar's account menu: Home, Profile (the edit dialog), Logout.
export function AccountMenu({
  user,
  onProfile,
  onLogout,
}: {
  user: User;
  onProfile: () => void;
  onLogout: () => void;
}) {
  const navigate = useNavigate();
  const menu = (
    <Menu aria-label="Account">
      <li className={styles.header}>
        <div className={styles.name}>
          {user.firstname} {user.lastname}
        </div>
        <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{user.email}</div>
      </li>
      <MenuDivider />
      <MenuItem icon="home" text="Home" onClick={() => navigate("/")} />
      <MenuItem icon="person" text="Profile" onClick={onProfile} />
      <MenuDivider />
      <MenuItem icon="log-out" text="Logout" intent="danger" onClick={onLogout} />
    </Menu>
  );
  return (
    <PopoverNext content={menu} placement="bottom-end">
      <Button variant="minimal" className={styles.button} aria-label="Account menu">
        <img className={styles.avatar} src={avatarUrl(user.avatar, user._id)} alt="" width={36} height={36} />
      </Button>
    </PopoverNext>
  );
}
