import { Icon } from "@blueprintjs/core";
import clsx from "clsx";
import type { MouseEvent as ReactMouseEvent } from "react";
import { formatNumber } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/index.ts";
import styles from "./Gallery.module.css";

// The gallery's pieces: a listing without photos, one slide, the arrows, the dots.

const MAX_DOTS = 5;

export function NoPhotos() {
  const { t } = useTranslation("properties");
  return (
    <div className={clsx(styles.gallery, styles.empty)} data-testid="gallery">
      <Icon icon="media" size={32} />
      <span>{t("gallery.none")}</span>
    </div>
  );
}

interface SlideProps {
  src: string;
  /** The photo's place (from 0) and how many there are. */
  at: number;
  count: number;
  label: string;
  current: boolean;
  /** Only the photo in view and its neighbours are loaded. */
  load: boolean;
  failed: boolean;
  onError: () => void;
}

export function Slide({ src, at, count, label, current, load, failed, onError }: SlideProps) {
  const { t } = useTranslation("properties");
  return (
    <div className={styles.slide} aria-hidden={!current}>
      {failed ? (
        <div className={styles.failed}>
          <Icon icon="media" size={28} />
          <span>{t("gallery.failed")}</span>
        </div>
      ) : load ? (
        <img
          src={src}
          alt={t("gallery.alt", { label, n: formatNumber(at + 1), total: formatNumber(count) })}
          draggable={false}
          loading={at === 0 ? "lazy" : "eager"}
          referrerPolicy="no-referrer"
          onError={onError}
        />
      ) : null}
    </div>
  );
}

/** The arrows (each only where there is a photo to go to) and the dots. */
export function GalleryNav({
  index,
  count,
  onStep,
}: {
  index: number;
  count: number;
  onStep: (by: number) => void;
}) {
  const { t } = useTranslation("properties");
  const step = (event: ReactMouseEvent, by: number) => {
    event.stopPropagation();
    onStep(by);
  };
  return (
    <>
      {index > 0 ? (
        <button
          type="button"
          className={clsx(styles.arrow, styles.prev)}
          aria-label={t("gallery.previous")}
          onClick={(e) => step(e, -1)}
        >
          <Icon icon="chevron-left" size={18} />
        </button>
      ) : null}
      {index < count - 1 ? (
        <button
          type="button"
          className={clsx(styles.arrow, styles.next)}
          aria-label={t("gallery.next")}
          onClick={(e) => step(e, 1)}
        >
          <Icon icon="chevron-right" size={18} />
        </button>
      ) : null}
      <Dots index={index} count={count} />
    </>
  );
}

/** At most five dots, sliding with the photo in view; an end dot with photos past it drawn small. */
function Dots({ index, count }: { index: number; count: number }) {
  const first = count <= MAX_DOTS ? 0 : Math.max(0, Math.min(count - MAX_DOTS, index - 2));
  const dots = Array.from({ length: Math.min(count, MAX_DOTS) }, (_, i) => first + i);
  const edge = (i: number) =>
    count > MAX_DOTS && (i === first || i === first + MAX_DOTS - 1) && i !== 0 && i !== count - 1;
  return (
    <div className={styles.dots} aria-hidden="true">
      {dots.map((i) => (
        <span key={i} className={clsx(styles.dot, i === index && styles.active, edge(i) && styles.edge)} />
      ))}
    </div>
  );
}
