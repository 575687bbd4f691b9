import clsx from "clsx";
import { useTranslation } from "../../i18n/index.ts";
import { AVATARS, avatarUrl } from "../../lib/avatar.ts";
import styles from "./AvatarPicker.module.css";

// The 25 presets as a radio group: arrow keys move between them like any radio group.
export function AvatarPicker({ value, onChange }: { value: string; onChange: (avatar: string) => void }) {
  const { t } = useTranslation("users");
  return (
    <div className={styles.picker} role="radiogroup" aria-label={t("profile.avatar")}>
      {AVATARS.map((avatar) => (
        <label key={avatar} className={clsx(styles.option, avatar === value && styles.selected)}>
          <input
            type="radio"
            name="avatar"
            value={avatar}
            checked={avatar === value}
            onChange={() => onChange(avatar)}
            aria-label={t("profile.avatarOption", { name: avatar })}
          />
          <img src={avatarUrl(avatar)} alt="" width={56} height={56} loading="lazy" />
        </label>
      ))}
    </div>
  );
}
