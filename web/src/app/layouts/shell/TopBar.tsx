import { Button, HTMLSelect, Tooltip } from "@blueprintjs/core";
import { BrandMark } from "../../../components/Brand.tsx";
import type { User } from "../../../features/auth/index.ts";
import { UnreadMessagesButton } from "../../../features/chats/index.ts";
import { NotificationBell } from "../../../features/notifications/index.ts";
import { AccountMenu } from "./AccountMenu.tsx";
import styles from "./TopBar.module.css";

// The top bar: 64 px, 80 on large screens (CSS); the menu button only where the side nav
// is a drawer (CSS too: the gateway may draw the bar before the screen's width is known); the language picker is shown but disabled, as the product is English-only for now.
export function TopBar({
  user,
  onMenu,
  onProfile,
  onLogout,
}: {
  user: User;
  onMenu: () => void;
  onProfile: () => void;
  onLogout: () => void;
}) {
  return (
    <header className={styles.bar}>
      <span className={styles.small}>
        <Button variant="minimal" size="large" icon="menu" aria-label="Open menu" onClick={onMenu} />
        <BrandMark size={28} />
      </span>
      <div className={styles.spacer} />
      <Tooltip content="More languages are coming soon" placement="bottom">
        <HTMLSelect
          disabled
          aria-label="Language"
          value="en"
          options={[
            { label: "English", value: "en" },
            { label: "German", value: "de" },
            { label: "French", value: "fr" },
          ]}
        />
      </Tooltip>
      <NotificationBell />
      <UnreadMessagesButton />
      <AccountMenu user={user} onProfile={onProfile} onLogout={onLogout} />
    </header>
  );
}
