import { Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import styles from "./BlockerDialog.module.css";
import { PageTexts } from "./texts.ts";

// 'Notifications Not Supported Here': opened when permission is denied or fails,
// it says why (the fixed text for the case, texts.ts) and what a browser needs to get Dirabot's pushes.

export function BlockerDialog({ reason, onClose }: { reason: string | null; onClose: () => void }) {
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
        <p>Dirabot tells you about new flats with your browser's notifications. They need:</p>
        <ul className={styles.list}>
          <li>A current Chrome, Edge, Firefox or Safari (Safari 16.4 or later).</li>
          <li>
            On an iPhone or iPad (iOS 16.4 or later): Dirabot added to the Home Screen and opened from there.
          </li>
          <li>
            Notifications allowed for this site: open the site settings (the icon beside the address) and set
            Notifications to Allow, then come back.
          </li>
          <li>A normal window: private windows usually block them.</li>
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
