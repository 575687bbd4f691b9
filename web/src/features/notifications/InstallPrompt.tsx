import { Button, Card, Classes, Icon } from "@blueprintjs/core";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { readStorage, StorageKeys, writeStorage } from "../../lib/storage.ts";
import styles from "./InstallPrompt.module.css";
import { installWay, shouldOfferInstall, wasPrompted } from "./install.ts";
import { usePushState } from "./pushStore.ts";
import { installOffer, onInstallOffer, promptInstall } from "./startup.ts";

// The install-to-home-screen prompt: on a phone, when Dirabot is not installed and the
// person has not been prompted (localStorage 'pwaPrompted', §9). It waits a moment after the
// screen loads, and any answer — Install, Not now — counts as prompted.

const DELAY_MS = 2500;

export function InstallPrompt() {
  const { t } = useTranslation("notifications");
  const state = usePushState();
  const offered = useSyncExternalStore(
    onInstallOffer,
    () => installOffer() !== null,
    // Drawn by the gateway (lib/drawn.ts): no offer is known before the browser makes one.
    () => false,
  );
  const [due, setDue] = useState(false);
  const [closed, setClosed] = useState(() => wasPrompted(readStorage(StorageKeys.pwaPrompted)));
  const wanted = shouldOfferInstall({ mobile: state.mobile, standalone: state.installed, prompted: closed });

  useEffect(() => {
    if (!wanted) return;
    const timer = setTimeout(() => setDue(true), DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted]);

  if (!wanted || !due) return null;
  const close = () => {
    writeStorage(StorageKeys.pwaPrompted, "true");
    setClosed(true);
  };
  const way = installWay(state.ios, offered);
  return (
    <Card className={styles.prompt} role="dialog" aria-label={t("install.label")} elevation={3}>
      <img src="/icons/icon-192.png" alt="" width={44} height={44} className={styles.icon} />
      <div className={styles.text}>
        <div className={styles.title}>{t("install.title")}</div>
        <div className={Classes.TEXT_MUTED}>
          {way === "ios" ? (
            <>
              {t("install.iosBefore")} <Icon icon="share" size={12} aria-label={t("install.share")} />{" "}
              {t("install.iosAfter")}
            </>
          ) : way === "prompt" ? (
            t("install.prompt")
          ) : (
            t("install.menu")
          )}
        </div>
      </div>
      <div className={styles.actions}>
        {way === "prompt" ? (
          <Button
            intent="primary"
            size="small"
            onClick={() => {
              close();
              void promptInstall();
            }}
          >
            {t("install.install")}
          </Button>
        ) : null}
        <Button variant="minimal" size="small" onClick={close}>
          {way === "prompt" ? t("install.notNow") : t("install.gotIt")}
        </Button>
      </div>
    </Card>
  );
}
