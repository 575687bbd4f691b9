import { Button, Callout, Card, Classes, Elevation, FormGroup, InputGroup } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import clsx from "clsx";
import { type FormEvent, useState } from "react";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useTranslation } from "../../i18n/index.ts";
import { type User, useAuth } from "../auth/index.ts";
import { AccessPanel } from "./AccessPanel.tsx";
import { AvatarPicker } from "./AvatarPicker.tsx";
import { updateUser } from "./api.ts";
import { textDir } from "./bidi.ts";
import { NotifySettings } from "./NotifySettings.tsx";
import { PlacesEditor } from "./PlacesEditor.tsx";
import styles from "./ProfilePage.module.css";
import shared from "./shared.module.css";

// /profile and /admin/profile: avatar, first and last name; then the places that matter
// (distances and bots' "near"); then notifications
// (docs/PRODUCT.md): matches on Telegram with the Telegram link, and quiet hours; then what can
// reach the account (Telegram, push devices, sessions), each with a way to end it.

export function ProfilePage() {
  const { user } = useAuth();
  const { t } = useTranslation("users");
  if (!user) {
    return (
      <Callout intent="warning" icon="log-in">
        {t("profile.loginNeeded")}
      </Callout>
    );
  }
  // Keyed by the account; after a save the form compares against the saved values, so Save turns off.
  return <ProfileForm key={user._id} user={user} />;
}

function ProfileForm({ user }: { user: User }) {
  const { setUser } = useAuth();
  const { t } = useTranslation("users");
  const [avatar, setAvatar] = useState(user.avatar ?? "");
  const [firstname, setFirstname] = useState(user.firstname ?? "");
  const [lastname, setLastname] = useState(user.lastname ?? "");
  const [saved, setSaved] = useState(false);

  const mutation = useMutation({
    mutationFn: () =>
      updateUser(user._id, { avatar, firstname: firstname.trim(), lastname: lastname.trim() }),
    onSuccess: (next) => {
      setSaved(true);
      setUser(next);
    },
    onError: () => setSaved(false),
  });
  const changed =
    avatar !== (user.avatar ?? "") || firstname !== user.firstname || lastname !== user.lastname;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    mutation.mutate();
  };

  return (
    <div className={shared.page}>
      <PageHeader title={t("profile.title")} large />
      <Card elevation={Elevation.ONE} className={shared.card}>
        <form onSubmit={onSubmit}>
          <FormGroup label={t("profile.avatar")}>
            <AvatarPicker value={avatar} onChange={setAvatar} />
          </FormGroup>
          <div className={styles.names}>
            <FormGroup label={t("profile.firstname")} labelFor="profile-firstname">
              <InputGroup
                id="profile-firstname"
                dir={textDir(firstname)}
                size="large"
                value={firstname}
                onValueChange={setFirstname}
              />
            </FormGroup>
            <FormGroup label={t("profile.lastname")} labelFor="profile-lastname">
              <InputGroup
                id="profile-lastname"
                dir={textDir(lastname)}
                size="large"
                value={lastname}
                onValueChange={setLastname}
              />
            </FormGroup>
          </div>
          <div className={shared.actions}>
            <Button
              type="submit"
              intent="primary"
              size="large"
              loading={mutation.isPending}
              disabled={mutation.isPending || !changed}
            >
              {t("profile.save")}
            </Button>
            {saved && !changed ? (
              <span className={shared.saved} role="status">
                {t("profile.saved")}
              </span>
            ) : null}
            {mutation.isError ? (
              <span className={shared.failed} role="alert">
                {t("profile.failed")}
              </span>
            ) : null}
          </div>
        </form>
      </Card>
      <Card elevation={Elevation.ONE} className={shared.card} data-testid="places-card">
        <h2 className={clsx(Classes.HEADING, styles.subtitle)}>{t("places.title")}</h2>
        <PlacesEditor user={user} />
      </Card>
      <Card elevation={Elevation.ONE} className={shared.card}>
        <h2 className={clsx(Classes.HEADING, styles.subtitle)}>{t("profile.notifications")}</h2>
        <NotifySettings user={user} />
      </Card>
      <Card elevation={Elevation.ONE} className={shared.card}>
        <h2 className={clsx(Classes.HEADING, styles.subtitle)}>{t("profile.access")}</h2>
        <AccessPanel user={user} />
      </Card>
    </div>
  );
}
