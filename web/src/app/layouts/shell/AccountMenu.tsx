import { Button, Classes, Menu, MenuDivider, MenuItem, PopoverNext } from "@blueprintjs/core";
import { useNavigate } from "react-router-dom";
import type { User } from "../../../features/auth/index.ts";
import { useTranslation } from "../../../i18n/index.ts";
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
  const { t } = useTranslation("shell");
  const navigate = useNavigate();
  const menu = (
    <Menu aria-label={t("account.menu")}>
      <li className={styles.header}>
        <div className={styles.name}>
          <bdi>
            {user.firstname} {user.lastname}
          </bdi>
        </div>
        <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>
          <bdi>{user.email}</bdi>
        </div>
      </li>
      <MenuDivider />
      <MenuItem icon="home" text={t("account.home")} onClick={() => navigate("/")} />
      <MenuItem icon="person" text={t("account.profile")} onClick={onProfile} />
      <MenuDivider />
      <MenuItem icon="log-out" text={t("logout")} intent="danger" onClick={onLogout} />
    </Menu>
  );
  return (
    <PopoverNext content={menu} placement="bottom-end">
      <Button variant="minimal" className={styles.button} aria-label={t("account.button")}>
        <img className={styles.avatar} src={avatarUrl(user.avatar, user._id)} alt="" width={36} height={36} />
      </Button>
    </PopoverNext>
  );
}
