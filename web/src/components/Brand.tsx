import { useTranslation } from "../i18n/index.ts";
import styles from "./Brand.module.css";

// The product mark (same drawing as public/favicon.svg) and name, for page corners and top bars.
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg className={styles.mark} width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="15" fill="#2d72d2" />
      <path d="M32 12 10 30.5h6.5V51h31V30.5H54Z" fill="#fff" />
      <rect x="22" y="31" width="20" height="13" rx="5" fill="#2d72d2" />
      <circle cx="27.5" cy="37.5" r="2.6" fill="#fff" />
      <circle cx="36.5" cy="37.5" r="2.6" fill="#fff" />
      <path d="M32 12v-4" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="32" cy="7" r="3" fill="#fff" />
    </svg>
  );
}

export function Brand() {
  const { t } = useTranslation();
  return (
    <span className={styles.brand}>
      <BrandMark />
      <span className={styles.name}>{t("brand")}</span>
    </span>
  );
}
