import { Button, Callout, Classes, PopoverNext, Spinner } from "@blueprintjs/core";
import clsx from "clsx";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { IconCount, iconCountHost } from "../../components/IconCount.tsx";
import { useTranslation } from "../../i18n/index.ts";
import { BlockerDialog } from "./BlockerDialog.tsx";
import styles from "./NotificationBell.module.css";
import { NotificationRow } from "./NotificationRow.tsx";
import { setupFacts, usePushState } from "./pushStore.ts";
import { promptsEnable } from "./setup.ts";
import { PageTexts } from "./texts.ts";
import { usePushActions } from "./useEnablePush.ts";
import { useLatestNotifications, useLiveNotifications, useReadActions } from "./useNotifications.ts";
import { useOpenNotification } from "./useOpenNotification.ts";

// The top bar's bell (5 items, 360 wide): the unread count, the 5 latest,
// 'Mark all as read', 'View All' to /notifications and, while push is not on here, 'Enable
// Notifications'. Its list and read failures are silent; a refused permission opens the
// blocker dialog.

/** On a phone the 360 px popover is shifted into view: it keeps 8 px from the screen's edge. */
const KEEP_FROM_EDGE = { shift: { padding: 8 } };

export function NotificationBell() {
  const { t } = useTranslation("notifications");
  const [open, setOpen] = useState(false);
  const latest = useLatestNotifications();
  useLiveNotifications();
  const unread = latest.data?.unread ?? 0;
  const label = unread > 0 ? t("bell.labelUnread", { count: unread }) : t("bell.label");
  const push = usePushActions();
  // The blocker replaces the popover rather than stacking over it.
  useEffect(() => {
    if (push.blocker) setOpen(false);
  }, [push.blocker]);

  return (
    <>
      <PopoverNext
        isOpen={open}
        onInteraction={(next) => {
          // 'View All' and 'Enable Notifications' lead to /notifications: its code starts
          // downloading as the popover opens, so the page follows the click without a wait.
          if (next) void import("./NotificationsPage.tsx").catch(() => undefined);
          setOpen(next);
        }}
        placement="bottom-end"
        middleware={KEEP_FROM_EDGE}
        popoverClassName={styles.popover}
        content={<PopoverBody onClose={() => setOpen(false)} push={push} />}
      >
        <Button
          variant="minimal"
          size="large"
          icon="notifications"
          aria-label={label}
          className={iconCountHost}
        >
          <IconCount count={unread} />
        </Button>
      </PopoverNext>
      <BlockerDialog reason={push.blocker} onClose={push.closeBlocker} />
    </>
  );
}

function PopoverBody({ onClose, push }: { onClose: () => void; push: ReturnType<typeof usePushActions> }) {
  const { t } = useTranslation("notifications");
  const latest = useLatestNotifications();
  const { readAll } = useReadActions();
  // Silent: a failed read shows as unread again after the refetch.
  const openOne = useOpenNotification();
  const navigate = useNavigate();
  const state = usePushState();
  const facts = setupFacts(state);
  const items = latest.data?.notifications ?? [];
  const unread = latest.data?.unread ?? 0;
  const now = Date.now();

  const enable = async () => {
    // On an iPhone in Safari the app must be on the home screen first: the guide explains how.
    if (state.support.level === "needs-install") {
      onClose();
      navigate("/notifications");
      return;
    }
    await push.enable();
  };

  return (
    <section className={styles.body} aria-label={t("bell.label")}>
      <header className={styles.header}>
        <div>
          <h2 className={clsx(Classes.HEADING, styles.title)}>{t("bell.title")}</h2>
          <div className={Classes.TEXT_MUTED}>
            {unread > 0 ? t("bell.unread", { count: unread }) : t("bell.caughtUp")}
          </div>
        </div>
        <Button
          variant="minimal"
          size="small"
          icon="tick"
          intent="primary"
          disabled={unread === 0}
          onClick={() => void readAll().catch(() => undefined)}
        >
          {PageTexts.markAll}
        </Button>
      </header>
      {state.checked && promptsEnable(facts) ? (
        <Callout intent="primary" icon="notifications" className={styles.enable} compact>
          <div>{t("bell.enableHint")}</div>
          <Button
            intent="primary"
            size="small"
            loading={push.busy}
            onClick={() => void enable()}
            className={styles.enableButton}
          >
            {PageTexts.enable}
          </Button>
          {push.error ? (
            <div className={styles.error} role="alert">
              {push.error}
            </div>
          ) : null}
        </Callout>
      ) : null}
      <div className={styles.list}>
        {latest.isPending ? (
          <Spinner size={24} className={styles.spinner} />
        ) : latest.isError && !latest.data ? null : items.length === 0 ? (
          <div className={clsx(Classes.TEXT_MUTED, styles.empty)}>{PageTexts.empty}</div>
        ) : (
          items.map((n) => (
            <NotificationRow
              key={n._id}
              notification={n}
              now={now}
              onOpen={(clicked) => {
                onClose();
                openOne(clicked);
              }}
            />
          ))
        )}
      </div>
      <footer className={styles.footer}>
        <Button
          fill
          variant="minimal"
          intent="primary"
          endIcon="arrow-right"
          onClick={() => {
            onClose();
            navigate("/notifications");
          }}
        >
          {PageTexts.viewAll}
        </Button>
      </footer>
    </section>
  );
}
