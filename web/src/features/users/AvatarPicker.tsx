import { AVATARS, avatarUrl } from "../../lib/avatar.ts";

// The 25 presets as a radio group: arrow keys move between them like any radio group.
export function AvatarPicker({ value, onChange }: { value: string; onChange: (avatar: string) => void }) {
  return (
    <div className="avatar-picker" role="radiogroup" aria-label="Avatar">
      {AVATARS.map((avatar) => (
        <label key={avatar} className={`avatar-picker__option${avatar === value ? " is-selected" : ""}`}>
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
