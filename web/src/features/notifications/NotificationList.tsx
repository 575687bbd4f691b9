import { Button, Callout, Card, Classes, NonIdealState, Spinner } from "@blueprintjs/core";
import clsx from "clsx";
import { useCallback, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { formatNumber } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/index.ts";
import { PAGE_SIZE } from "./api.ts";
import styles from "./NotificationList.module.css";
import { NotificationRow } from "./NotificationRow.tsx";
import { Pager, pageParam } from "./Pager.tsx";
import shared from "./shared.module.css";
import { PageTexts } from "./texts.ts";
import { useNotificationPage, useReadActions } from "./useNotifications.ts";
import { useOpenNotification } from "./useOpenNotification.ts";

// The /notifications list: pages of 20 (the page in the address, so Back returns to it),
// newest first, 'Mark all as read', 'No Notifications' when there are none, and the page's own
// error texts.

export function NotificationList() {
  const { t } = useTranslation("notifications");
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get("page"));
  const list = useNotificationPage(page, true);
  const { readAll } = useReadActions();
  const [error, setError] = useState<string | null>(null);
  const onError = useCallback((text: string) => setError(text), []);
  const openOne = useOpenNotification(onError);
  const data = list.data;
  const now = Date.now();

  const goTo = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next <= 1) copy.delete("page");
      else copy.set("page", String(next));
      return copy;
    });

  return (
    <Card className={shared.list} role="region" aria-label={t("list.label")}>
      <header className={shared.listHeader}>
        <div>
          <h2 className={clsx(Classes.HEADING, styles.title)}>{t("list.title")}</h2>
          {data ? (
            <div className={Classes.TEXT_MUTED}>
              {t("list.counts", { total: formatNumber(data.total), unread: formatNumber(data.unread) })}
            </div>
          ) : null}
        </div>
        <Button
          variant="minimal"
          icon="tick"
          intent="primary"
          disabled={!data || data.unread === 0}
          onClick={() => {
            setError(null);
            void readAll().catch(() => setError(PageTexts.markAllFailed));
          }}
        >
          {PageTexts.markAll}
        </Button>
      </header>
      {error ? (
        <Callout intent="danger" icon="error" role="alert" className={shared.listError}>
          {error}
        </Callout>
      ) : null}
      {list.isPending ? (
        <Spinner className={shared.listSpinner} />
      ) : list.isError && !data ? (
        <Callout intent="danger" icon="error" role="alert" className={shared.listError}>
          {PageTexts.loadFailed}
          <div>
            <Button size="small" onClick={() => void list.refetch()} className={styles.retry}>
              {t("list.retry")}
            </Button>
          </div>
        </Callout>
      ) : !data || data.notifications.length === 0 ? (
        <NonIdealState icon="notifications" title={PageTexts.empty} className={shared.listEmpty} />
      ) : (
        <div>
          {data.notifications.map((n) => (
            <NotificationRow key={n._id} notification={n} now={now} onOpen={openOne} roomy />
          ))}
        </div>
      )}
      {data ? <Pager page={page} total={data.total} size={PAGE_SIZE} onPage={goTo} /> : null}
    </Card>
  );
}
