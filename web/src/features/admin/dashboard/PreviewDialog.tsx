import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useTranslation } from "../../../i18n/index.ts";
import styles from "./PreviewDialog.module.css";

// The fullscreen view of a service's preview: the same picture, as large as the window allows.

interface PreviewDialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  src: string;
}

export function PreviewDialog({ isOpen, onClose, title, src }: PreviewDialogProps) {
  const { t } = useTranslation("admin");
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} icon="media" className={styles.dialog}>
      <DialogBody className={styles.body}>
        <img className={styles.image} src={src} alt={title} />
      </DialogBody>
      <DialogFooter actions={<Button text={t("services.close")} onClick={onClose} />} />
    </Dialog>
  );
}
