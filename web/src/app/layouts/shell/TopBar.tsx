import { Button } from "@blueprintjs/core";
import { BrandMark } from "../../../components/Brand.tsx";
import { LanguagePicker } from "../../../components/LanguagePicker.tsx";
import type { User } from "../../../features/auth/index.ts";
import { UnreadMessagesButton } from "../../../features/chats/index.ts";
import { NotificationBell } from "../../../features/notifications/index.ts";
import { type Lang, useTranslation } from "../../../i18n/index.ts";
import { AccountMenu } from "./AccountMenu.tsx";
import styles from "./TopBar.module.css";

// The top bar: 64 px, 80 on large screens (CSS); the menu button only where the side nav
// is a drawer (CSS too: the gateway may draw the bar before the screen's width is known); the
// language picker, whose choice `onLanguage` keeps on the account.
export function TopBar({
  user,
  onMenu,
  onProfile,
  onLogout,
  onLanguage,
}: {
  user: User;
  onMenu: () => void;
  onProfile: () => void;
  onLogout: () => void;
  onLanguage?: (lang: Lang) => void;
}) {
  const { t } = useTranslation("shell");
  return (
    <header className={styles.bar}>
      <span className={styles.small}>
        <Button variant="minimal" size="large" icon="menu" aria-label={t("nav.openMenu")} onClick={onMenu} />
        <BrandMark size={28} />
      </span>
      <div className={styles.spacer} />
      <LanguagePicker onChosen={onLanguage} />
      <NotificationBell />
      <UnreadMessagesButton />
      <AccountMenu user={user} onProfile={onProfile} onLogout={onLogout} />
    </header>
  );
}
