import { Button, Tag, Tooltip } from "@blueprintjs/core";
import { useNavigate } from "react-router-dom";
import { IconCount, iconCountHost } from "../../components/IconCount.tsx";
import { formatNumber } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/index.ts";
import { useChatLive } from "./liveContext.ts";
import { useMarkAllRead, useUnreadTotal } from "./queries.ts";
import styles from "./UnreadBadges.module.css";

// The two unread counters of the layout.

/** The Chats nav item's count; the item clears it when clicked (ChatsNavBadge.clear). */
export function ChatsNavBadge() {
  const { t } = useTranslation("chats");
  const { navBadge } = useChatLive();
  if (navBadge <= 0) return null;
  return (
    <Tag
      round
      intent="danger"
      className={styles.navBadge}
      aria-label={t("badges.navNew", { count: navBadge })}
    >
      {navBadge > 99 ? `${formatNumber(99)}+` : formatNumber(navBadge)}
    </Tag>
  );
}

export function useClearNavBadge(): () => void {
  return useChatLive().clearNavBadge;
}

/** The top bar's icon: goes to /chats and at once marks every chat read. */
export function UnreadMessagesButton() {
  const { t } = useTranslation("chats");
  const totalUnread = useUnreadTotal();
  const markAllRead = useMarkAllRead();
  const navigate = useNavigate();
  const label = t("badges.unreadMessages", { count: totalUnread });
  return (
    <Tooltip content={label} placement="bottom">
      <Button
        variant="minimal"
        size="large"
        icon="chat"
        aria-label={label}
        className={iconCountHost}
        onClick={() => {
          navigate("/chats");
          void markAllRead();
        }}
      >
        <IconCount count={totalUnread} />
      </Button>
    </Tooltip>
  );
}
