import clsx from "clsx";
import { AVATARS, avatarUrl } from "../../lib/avatar.ts";
import styles from "./AvatarPicker.module.css";

// The 25 presets as a radio group: arrow keys move between them like any radio group.
export function AvatarPicker({ value, onChange }: { value: string; onChange: (avatar: string) => void }) {
  return (
    <div className={styles.picker} role="radiogroup" aria-label="Avatar">
      {AVATARS.map((avatar) => (
        <label key={avatar} className={clsx(styles.option, avatar === value && styles.selected)}>
          <input
            type="radio"
            name="avatar"
            value={avatar}
            checked={avatar === value}
            onChange={() => onChange(avatar)}
            aria-label={`Avatar ${avatar}`}
          />
          <img src={avatarUrl(avatar)} alt="" width={56} height={56} loading="lazy" />
        </label>
      ))}
    </div>
  );
}
