import { Button, FormGroup, InputGroup, Switch } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import clsx from "clsx";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { type User, useAuth } from "../auth/index.ts";
import { updateUser } from "./api.ts";
import styles from "./NotifySettings.module.css";
import {
  type NotifyForm,
  notifyForm,
  notifyOf,
  QUIET_HOURS_ERRORS,
  quietHoursError,
  quietHoursSummary,
  sameNotify,
  savedNotify,
} from "./notify.ts";
import shared from "./shared.module.css";
import { TelegramLink } from "./TelegramLink.tsx";

// The profile's Notifications card (docs/PRODUCT.md, People and roles): matches on Telegram, which needs
// the account linked (the link action lives here), and quiet hours in Israel time. Saved through
// PATCH /api/users/{id} like the rest of the profile.

export function NotifySettings({ user }: { user: User }) {
  const { setUser } = useAuth();
  const [form, setForm] = useState<NotifyForm>(() => notifyForm(user));
  const [saved, setSaved] = useState(false);
  const set = (part: Partial<NotifyForm>) => {
    setSaved(false);
    setForm((f) => ({ ...f, ...part }));
  };
  const mutation = useMutation({
    mutationFn: () => updateUser(user._id, { notify: notifyOf(form) }),
    onSuccess: (next) => {
      setSaved(true);
      setUser(next);
    },
  });
  const linked = Boolean(user.telegram?.linked);
  const invalid = quietHoursError(form);
  const changed = !sameNotify(notifyOf(form), savedNotify(user));
  const faulty = (which: "from" | "to") =>
    invalid === QUIET_HOURS_ERRORS[which] || invalid === QUIET_HOURS_ERRORS.same;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    mutation.mutate();
  };

  return (
    <form onSubmit={onSubmit} className={styles.notify} aria-label="Notifications">
      <FormGroup
        className={styles.group}
        helperText={
          linked
            ? "Each match arrives in Telegram with its photo, price, rooms, area and a link."
            : "Needs a linked Telegram account."
        }
      >
        <Switch
          size="large"
          role="switch"
          label="Send my matches to Telegram"
          checked={form.telegramMatches}
          // Off and unlinked: nothing to turn on yet. On and unlinked (a link that went): may go off.
          disabled={!linked && !form.telegramMatches}
          onChange={(e) => set({ telegramMatches: e.currentTarget.checked })}
        />
      </FormGroup>
      <div className={styles.telegram}>
        <TelegramLink user={user} />
      </div>

      <FormGroup
        className={styles.group}
        helperText={
          form.quiet
            ? invalid
              ? undefined
              : quietHoursSummary(form.from, form.to)
            : "Hold matches at night, e.g. 23:00–07:00 Israel time, and get them together when it ends."
        }
      >
        <Switch
          size="large"
          role="switch"
          label="Quiet hours"
          checked={form.quiet}
          onChange={(e) => set({ quiet: e.currentTarget.checked })}
        />
        <div className={styles.times}>
          <FormGroup label="From" labelFor="notify-from" inline={false}>
            <InputGroup
              id="notify-from"
              type="time"
              className={styles.time}
              value={form.from}
              disabled={!form.quiet}
              intent={faulty("from") ? "danger" : "none"}
              onValueChange={(from) => set({ from })}
            />
          </FormGroup>
          <FormGroup label="To" labelFor="notify-to" inline={false}>
            <InputGroup
              id="notify-to"
              type="time"
              className={styles.time}
              value={form.to}
              disabled={!form.quiet}
              intent={faulty("to") ? "danger" : "none"}
              onValueChange={(to) => set({ to })}
            />
          </FormGroup>
        </div>
        {invalid ? (
          <p className={clsx(shared.failed, styles.error)} role="alert">
            {invalid}
          </p>
        ) : null}
      </FormGroup>

      <div className={shared.actions}>
        <Button
          type="submit"
          intent="primary"
          size="large"
          loading={mutation.isPending}
          disabled={mutation.isPending || !changed || Boolean(invalid)}
        >
          Save notifications
        </Button>
        {saved && !changed ? (
          <span className={shared.saved} role="status">
            Saved!
          </span>
        ) : null}
        {mutation.isError ? (
          <span className={shared.failed} role="alert">
            {failureMessage(mutation.error)}
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** The server's own message for a refusal; the fixed words for anything else. */
function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.code && error.status < 500
    ? error.message
    : "Failed to update profile.";
}
