import { Button, FormGroup, InputGroup, Switch } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import clsx from "clsx";
import { type FormEvent, useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { ApiError } from "../../lib/api.ts";
import { type User, useAuth } from "../auth/index.ts";
import { updateUser } from "./api.ts";
import styles from "./NotifySettings.module.css";
import {
  type NotifyForm,
  notifyForm,
  notifyOf,
  quietHoursError,
  quietHoursProblem,
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
  const { t } = useTranslation("users");
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
  const problem = quietHoursProblem(form);
  const invalid = quietHoursError(form);
  const changed = !sameNotify(notifyOf(form), savedNotify(user));
  const faulty = (which: "from" | "to") => problem === which || problem === "same";

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    mutation.mutate();
  };

  return (
    <form onSubmit={onSubmit} className={styles.notify} aria-label={t("notify.label")}>
      <FormGroup
        className={styles.group}
        helperText={linked ? t("notify.linkedHelp") : t("notify.unlinkedHelp")}
      >
        <Switch
          size="large"
          role="switch"
          label={t("notify.telegramMatches")}
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
          form.quiet ? (invalid ? undefined : quietHoursSummary(form.from, form.to)) : t("notify.quietHelp")
        }
      >
        <Switch
          size="large"
          role="switch"
          label={t("notify.quiet")}
          checked={form.quiet}
          onChange={(e) => set({ quiet: e.currentTarget.checked })}
        />
        <div className={styles.times}>
          <FormGroup label={t("notify.from")} labelFor="notify-from" inline={false}>
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
          <FormGroup label={t("notify.to")} labelFor="notify-to" inline={false}>
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
          {t("notify.save")}
        </Button>
        {saved && !changed ? (
          <span className={shared.saved} role="status">
            {t("profile.saved")}
          </span>
        ) : null}
        {mutation.isError ? (
          <span className={shared.failed} role="alert">
            {failureMessage(mutation.error, t("profile.failed"))}
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** The server's own message for a refusal; the fixed words for anything else. */
function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code && error.status < 500 ? error.message : fallback;
}
