import { Icon } from "@blueprintjs/core";
import { useState } from "react";
import { useTranslation } from "../../../i18n/index.ts";
import styles from "./ServicePreview.module.css";

// A service's preview: the picture its check address serves — the scraper's browser
// screenshot, or the gateway's SVG status card — and the 'No {type} Preview' placeholder when there is none.

interface ServicePreviewProps {
  type: string;
  /** The check's address while the service is online; null shows the placeholder. */
  src: string | null;
  onShown: (shown: boolean) => void;
}

export function ServicePreview({ type, src, onShown }: ServicePreviewProps) {
  // The address changes with every check (?t=), so a failure belongs to one address only.
  const { t } = useTranslation("admin");
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src)
    return (
      <img
        className={styles.image}
        src={src}
        alt={t("services.preview", { type })}
        onLoad={() => onShown(true)}
        onError={() => {
          setFailed(src);
          onShown(false);
        }}
      />
    );
  return (
    <div className={styles.empty} data-testid="preview-placeholder">
      <Icon icon="media" size={28} className={styles.emptyIcon} />
      <strong>{t("services.noPreview", { type })}</strong>
      <span>{t("services.axios")}</span>
    </div>
  );
}
