import { Button, Callout, Classes, Popover, Spinner } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { BlockerDialog } from "./BlockerDialog.tsx";
import { badgeCount } from "./format.ts";
import { NotificationRow } from "./NotificationRow.tsx";
import { setupFacts, usePushState } from "./pushStore.ts";
import { promptsEnable } from "./setup.ts";
import { PageTexts } from "./texts.ts";
import { usePushActions } from "./useEnablePush.ts";
import { useLatestNotifications, useLiveNotifications, useReadActions } from "./useNotifications.ts";
import { useOpenNotification } from "./useOpenNotification.ts";
import "./notifications.css";

// The top bar's bell (5 items, 360 wide): the unread count, the 5 latest,
// 'Mark all as read', 'View All' to /notifications and, while push is not on here, 'Enable
// Notifications'. Its list and read failures are silent; a refused permission opens the
// blocker dialog.

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const latest = useLatestNotifications();
  useLiveNotifications();
  const unread = latest.data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
  const push = usePushActions();
  // The blocker replaces the popover rather than stacking over it.
  useEffect(() => {
    if (push.blocker) setOpen(false);
  }, [push.blocker]);

  return (
    <>
      <Popover
        isOpen={open}
        onInteraction={(next) => setOpen(next)}
        placement="bottom-end"
        popoverClassName="notification-popover"
        content={<PopoverBody onClose={() => setOpen(false)} push={push} />}
      >
        <Button
          variant="minimal"
          size="large"
          icon="notifications"
          aria-label={label}
          className="notification-bell"
        >
          {unread > 0 ? (
            <span className="notification-bell__count" aria-hidden="true">
              {badgeCount(unread)}
            </span>
          ) : null}
        </Button>
      </Popover>
      <BlockerDialog reason={push.blocker} onClose={push.closeBlocker} />
    </>
  );
}

function PopoverBody({ onClose, push }: { onClose: () => void; push: ReturnType<typeof usePushActions> }) {
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
    <section className="notification-popover__body" aria-label="Notifications">
      <header className="notification-popover__header">
        <div>
          <h2 className={`${Classes.HEADING} notification-popover__title`}>Notifications</h2>
          <div className={Classes.TEXT_MUTED}>
            {unread > 0 ? `You have ${unread} unread` : "You're all caught up"}
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
        <Callout intent="primary" icon="notifications" className="notification-popover__enable" compact>
          <div>Hear of new flats on this device, even with Dirabot closed.</div>
          <Button
            intent="primary"
            size="small"
            loading={push.busy}
            onClick={() => void enable()}
            className="notification-popover__enable-button"
          >
            {PageTexts.enable}
          </Button>
          {push.error ? (
            <div className="notification-popover__error" role="alert">
              {push.error}
            </div>
          ) : null}
        </Callout>
      ) : null}
      <div className="notification-popover__list">
        {latest.isPending ? (
          <Spinner size={24} className="notification-popover__spinner" />
        ) : latest.isError && !latest.data ? null : items.length === 0 ? (
          <div className={`${Classes.TEXT_MUTED} notification-popover__empty`}>{PageTexts.empty}</div>
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
      <footer className="notification-popover__footer">
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
