import { Button, Callout, Card, Classes, Elevation, FormGroup, InputGroup } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import clsx from "clsx";
import { type FormEvent, useState } from "react";
import { PageHeader } from "../../components/PageHeader.tsx";
import { type User, useAuth } from "../auth/index.ts";
import { AccessPanel } from "./AccessPanel.tsx";
import { AvatarPicker } from "./AvatarPicker.tsx";
import { updateUser } from "./api.ts";
import { NotifySettings } from "./NotifySettings.tsx";
import styles from "./ProfilePage.module.css";
import shared from "./shared.module.css";

// /profile and /admin/profile: avatar, first and last name; then notifications
// (docs/PRODUCT.md): matches on Telegram with the Telegram link, and quiet hours; then what can
// reach the account (Telegram, push devices, sessions), each with a way to end it.

export function ProfilePage() {
  const { user } = useAuth();
  if (!user) {
    return (
      <Callout intent="warning" icon="log-in">
        Please log in to view your profile.
      </Callout>
    );
  }
  // Keyed by the account; after a save the form compares against the saved values, so Save turns off.
  return <ProfileForm key={user._id} user={user} />;
}

function ProfileForm({ user }: { user: User }) {
  const { setUser } = useAuth();
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
      <PageHeader title="Profile" large />
      <Card elevation={Elevation.ONE} className={shared.card}>
        <form onSubmit={onSubmit}>
          <FormGroup label="Avatar">
            <AvatarPicker value={avatar} onChange={setAvatar} />
          </FormGroup>
          <div className={styles.names}>
            <FormGroup label="First name" labelFor="profile-firstname">
              <InputGroup
                id="profile-firstname"
                size="large"
                value={firstname}
                onValueChange={setFirstname}
              />
            </FormGroup>
            <FormGroup label="Last name" labelFor="profile-lastname">
              <InputGroup id="profile-lastname" size="large" value={lastname} onValueChange={setLastname} />
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
              Save
            </Button>
            {saved && !changed ? (
              <span className={shared.saved} role="status">
                Saved!
              </span>
            ) : null}
            {mutation.isError ? (
              <span className={shared.failed} role="alert">
                Failed to update profile.
              </span>
            ) : null}
          </div>
        </form>
      </Card>
      <Card elevation={Elevation.ONE} className={shared.card}>
        <h2 className={clsx(Classes.HEADING, styles.subtitle)}>Notifications</h2>
        <NotifySettings user={user} />
      </Card>
      <Card elevation={Elevation.ONE} className={shared.card}>
        <h2 className={clsx(Classes.HEADING, styles.subtitle)}>Signed in and connected</h2>
        <AccessPanel user={user} />
      </Card>
    </div>
  );
}
