import { Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useTranslation } from "../../i18n/index.ts";
import styles from "./BlockerDialog.module.css";
import { PageTexts } from "./texts.ts";

// 'Notifications Not Supported Here': opened when permission is denied or fails,
// it says why (the fixed text for the case, texts.ts) and what a browser needs to get Dirabot's pushes.

export function BlockerDialog({ reason, onClose }: { reason: string | null; onClose: () => void }) {
  const { t } = useTranslation("notifications");
  return (
    <Dialog
      isOpen={reason !== null}
      onClose={onClose}
      title={PageTexts.blockerTitle}
      icon="notifications-snooze"
      className={styles.dialog}
    >
      <DialogBody>
        {reason ? (
          <Callout intent="warning" icon={null} className={styles.reason}>
            {reason}
          </Callout>
        ) : null}
        <p>{t("blocker.intro")}</p>
        <ul className={styles.list}>
          <li>{t("blocker.browser")}</li>
          <li>{t("blocker.ios")}</li>
          <li>{t("blocker.allowed")}</li>
          <li>{t("blocker.private")}</li>
        </ul>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent="primary" onClick={onClose}>
            {PageTexts.gotIt}
          </Button>
        }
      />
    </Dialog>
  );
}
