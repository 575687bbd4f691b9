import { Icon } from "@blueprintjs/core";
import { useState } from "react";
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
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src)
    return (
      <img
        className={styles.image}
        src={src}
        alt={`${type} preview`}
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
      <strong>No {type} Preview</strong>
      <span>Service might be in Axios mode</span>
    </div>
  );
}
