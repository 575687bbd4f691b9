import { Button, Callout, Card, Classes, Elevation, Icon, Spinner, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { useEffect, useState } from "react";
import { useTranslation } from "../../../i18n/index.ts";
import { PreviewDialog } from "./PreviewDialog.tsx";
import styles from "./ServiceCard.module.css";
import { ServicePreview } from "./ServicePreview.tsx";
import type { MonitoredService } from "./services.ts";
import { offlineTitle, type ServiceStatus } from "./status.ts";
import { checkedTime } from "./texts.ts";
import { useServiceStatus } from "./useDashboard.ts";

// One monitored service: its state as a tag, its preview, when it was checked or why
// it is offline, and the fullscreen view — disabled while loading or offline.

function StateTag({ status }: { status: ServiceStatus }) {
  const { t } = useTranslation("admin");
  if (status.state === "loading")
    return (
      <Tag round minimal icon={<Spinner size={12} />} className={styles.tag}>
        {t("services.checking")}
      </Tag>
    );
  const online = status.state === "online";
  return (
    <Tag
      round
      intent={online ? "success" : "danger"}
      icon={online ? "tick-circle" : "error"}
      className={styles.tag}
    >
      {online ? t("services.online") : t("services.offline")}
    </Tag>
  );
}

export function ServiceCard({ service }: { service: MonitoredService }) {
  const { t } = useTranslation("admin");
  const status = useServiceStatus(service.path);
  const type = t(`services.${service.id}.type`);
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const src = status.state === "online" ? status.url : null;
  useEffect(() => {
    if (!src) setShown(false);
  }, [src]);
  const canOpen = status.state === "online" && shown;
  useEffect(() => {
    if (!canOpen) setOpen(false);
  }, [canOpen]);

  return (
    <Card
      elevation={Elevation.ONE}
      className={styles.card}
      data-testid={`service-${service.id}`}
      data-state={status.state}
      aria-busy={status.state === "loading"}
    >
      <header className={styles.head}>
        <div className={styles.badge} aria-hidden="true">
          <Icon icon={service.icon} size={18} />
        </div>
        <div className={styles.names}>
          <h3 className={styles.title}>{type}</h3>
          <span className={Classes.TEXT_MUTED}>{t(`services.${service.id}.role`)}</span>
        </div>
        <StateTag status={status} />
      </header>
      <div className={clsx(styles.preview, status.state === "loading" && Classes.SKELETON)}>
        {status.state === "loading" ? null : <ServicePreview type={type} src={src} onShown={setShown} />}
      </div>
      {status.state === "offline" ? (
        <Callout intent="danger" compact className={styles.offline} title={offlineTitle(type)}>
          {status.reason ? (
            <p className={styles.reason} dir="auto">
              {status.reason}
            </p>
          ) : null}
          <p className={clsx(Classes.TEXT_MUTED, styles.detail)}>
            {t("services.checked", { message: status.message, time: checkedTime(status.checkedAt) })}
          </p>
        </Callout>
      ) : null}
      <footer className={styles.foot}>
        <span className={clsx(Classes.TEXT_MUTED, styles.checked)}>
          {status.state === "online" ? t("services.updated", { time: checkedTime(status.checkedAt) }) : null}
          {status.state === "loading" ? t("services.checkingNow") : null}
        </span>
        <Button
          icon="fullscreen"
          text={t("services.fullscreen")}
          variant="outlined"
          size="small"
          disabled={!canOpen}
          onClick={() => setOpen(true)}
        />
      </footer>
      {src ? (
        <PreviewDialog
          isOpen={open && canOpen}
          onClose={() => setOpen(false)}
          title={t("services.preview", { type })}
          src={src}
        />
      ) : null}
    </Card>
  );
}
