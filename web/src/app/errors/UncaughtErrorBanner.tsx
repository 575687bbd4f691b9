import { Button, Callout } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { i18n, useTranslation } from "../../i18n/index.ts";
import styles from "./UncaughtErrorBanner.module.css";

// Errors thrown outside React's render (event handlers, timers, rejected promises nobody awaited)
// leave the page in an unknown state; the banner says so and offers a reload.

// Browsers report this when a ResizeObserver callback resizes what it observes; it is harmless and
// common with maps and popovers, so it must not alarm anyone.
const BENIGN = /ResizeObserver loop/;

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (typeof reason === "string") return reason;
  return i18n.t("common:uncaught.unexpected");
}

export function UncaughtErrorBanner() {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    const report = (text: string) => {
      if (!BENIGN.test(text)) setMessage((current) => current ?? text);
    };
    const onError = (event: ErrorEvent) => report(event.error ? describe(event.error) : event.message);
    const onRejection = (event: PromiseRejectionEvent) => report(describe(event.reason));
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);

  if (message === null) return null;
  return (
    <div className={styles.banner} role="alert">
      <Callout intent="danger" icon="error" title={t("uncaught.title")} className={styles.callout}>
        <p className={styles.message}>{message}</p>
        <Button intent="danger" icon="refresh" onClick={() => window.location.reload()}>
          {t("uncaught.reload")}
        </Button>
      </Callout>
    </div>
  );
}
