import { Button, Callout, Card, Classes, Elevation, Icon, Spinner, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { useEffect, useState } from "react";
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
  if (status.state === "loading")
    return (
      <Tag round minimal icon={<Spinner size={12} />} className={styles.tag}>
        Checking
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
      {online ? "Online" : "Offline"}
    </Tag>
  );
}

export function ServiceCard({ service }: { service: MonitoredService }) {
  const status = useServiceStatus(service.path);
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
          <h3 className={styles.title}>{service.type}</h3>
          <span className={Classes.TEXT_MUTED}>{service.role}</span>
        </div>
        <StateTag status={status} />
      </header>
      <div className={clsx(styles.preview, status.state === "loading" && Classes.SKELETON)}>
        {status.state === "loading" ? null : (
          <ServicePreview type={service.type} src={src} onShown={setShown} />
        )}
      </div>
      {status.state === "offline" ? (
        <Callout intent="danger" compact className={styles.offline} title={offlineTitle(service.type)}>
          {status.reason ? <p className={styles.reason}>{status.reason}</p> : null}
          <p className={clsx(Classes.TEXT_MUTED, styles.detail)}>
            {status.message} · checked {checkedTime(status.checkedAt)}
          </p>
        </Callout>
      ) : null}
      <footer className={styles.foot}>
        <span className={clsx(Classes.TEXT_MUTED, styles.checked)}>
          {status.state === "online" ? `Updated ${checkedTime(status.checkedAt)}` : null}
          {status.state === "loading" ? "Checking…" : null}
        </span>
        <Button
          icon="fullscreen"
          text="Fullscreen"
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
          title={`${service.type} preview`}
          src={src}
        />
      ) : null}
    </Card>
  );
}
