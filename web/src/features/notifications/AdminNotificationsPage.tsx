import { Callout, Card, HTMLSelect, NonIdealState, Spinner } from "@blueprintjs/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { useSearchParams } from "react-router-dom";
import { PageHeader } from "../../components/PageHeader.tsx";
import { formatNumber } from "../../i18n/format.ts";
import { i18n, useTranslation } from "../../i18n/index.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import styles from "./AdminNotificationsPage.module.css";
import { allKey, listAllNotifications, PAGE_SIZE } from "./api.ts";
import { typeLabel } from "./NotificationIcon.tsx";
import { NotificationRow } from "./NotificationRow.tsx";
import { Pager, pageParam } from "./Pager.tsx";
import shared from "./shared.module.css";
import { PageTexts } from "./texts.ts";
import { type AdminNotification, NOTIFICATION_TYPES } from "./types.ts";

// /admin/notifications: every user's notifications, newest first, in pages of 20, with a type
// filter; page and type live in the address. Read-only: reading is the recipient's.

const ownerOf = (n: AdminNotification) => {
  const u = n.user;
  const name = u?.fullname || [u?.firstname, u?.lastname].filter(Boolean).join(" ");
  return {
    name: name || u?.email || i18n.t("notifications:admin.unknownUser"),
    email: u?.email || undefined,
  };
};

export function AdminNotificationsPage() {
  const { t } = useTranslation("notifications");
  usePageTitle(t("admin.title"));
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get("page"));
  const raw = params.get("type");
  const type = raw && (NOTIFICATION_TYPES as readonly string[]).includes(raw) ? raw : null;
  const list = useQuery({
    queryKey: allKey(page, type),
    queryFn: ({ signal }) => listAllNotifications(PAGE_SIZE, (page - 1) * PAGE_SIZE, type, signal),
    placeholderData: keepPreviousData,
  });
  const update = (next: { page?: number; type?: string | null }) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      const p = next.page ?? 1;
      if (p <= 1) copy.delete("page");
      else copy.set("page", String(p));
      if (next.type !== undefined) {
        if (next.type) copy.set("type", next.type);
        else copy.delete("type");
      }
      return copy;
    });
  const data = list.data;
  const now = Date.now();

  return (
    <div className={shared.page}>
      <PageHeader
        title={t("admin.title")}
        subtitle={data ? t("admin.subtitleTotal", { total: formatNumber(data.total) }) : t("admin.subtitle")}
      />
      <Card className={clsx(shared.list, styles.list)}>
        <header className={shared.listHeader}>
          <div className={styles.filter}>
            <label htmlFor="notification-type">{t("admin.type")}</label>
            <HTMLSelect
              id="notification-type"
              value={type ?? ""}
              onChange={(e) => update({ type: e.currentTarget.value || null })}
              options={[
                { label: t("admin.allTypes"), value: "" },
                ...NOTIFICATION_TYPES.map((t) => ({ label: typeLabel(t), value: t })),
              ]}
            />
          </div>
        </header>
        {list.isPending ? (
          <Spinner className={shared.listSpinner} />
        ) : list.isError && !data ? (
          <Callout intent="danger" icon="error" role="alert" className={shared.listError}>
            {PageTexts.loadFailed}
          </Callout>
        ) : !data || data.notifications.length === 0 ? (
          <NonIdealState icon="notifications" title={PageTexts.empty} className={shared.listEmpty} />
        ) : (
          <div>
            {data.notifications.map((n) => (
              <NotificationRow key={n._id} notification={n} now={now} owner={ownerOf(n)} roomy />
            ))}
          </div>
        )}
        {data ? (
          <Pager page={page} total={data.total} size={PAGE_SIZE} onPage={(p) => update({ page: p })} />
        ) : null}
      </Card>
    </div>
  );
}
