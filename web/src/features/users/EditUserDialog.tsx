import {
  Button,
  Callout,
  Checkbox,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  SegmentedControl,
  TextArea,
} from "@blueprintjs/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { isAdmin, type Role, type User, useAuth } from "../auth/index.ts";
import { type UserPatch, updateUser, usersKey } from "./api.ts";
import { textDir } from "./bidi.ts";
import { joinName, splitName } from "./names.ts";
import { ROLES, toggleRole } from "./roles.ts";
import { UserSharing } from "./UserSharing.tsx";

// The edit-user dialog: anyone edits their own name; only admins see and change roles,
// the ban and its reason, and see the user's shared bots. A failed save shows the server's
// message in red, inside the dialog.

interface Props {
  user: User;
  isOpen: boolean;
  onClose: () => void;
}

export function EditUserDialog({ user, isOpen, onClose }: Props) {
  const { t } = useTranslation("users");
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t("edit.title")}
      icon="edit"
      style={{ maxWidth: "calc(100vw - 24px)" }}
    >
      {/* Mounted only while open, so each opening starts from the user's current values. */}
      {isOpen ? <EditUserForm user={user} onClose={onClose} /> : null}
    </Dialog>
  );
}

function EditUserForm({ user, onClose }: Omit<Props, "isOpen">) {
  const { user: me, setUser } = useAuth();
  const { t } = useTranslation("users");
  const queryClient = useQueryClient();
  const admin = isAdmin(me);
  const [name, setName] = useState(joinName(user));
  const [roles, setRoles] = useState<Role[]>(user.roles?.length ? user.roles : ["user"]);
  const [banned, setBanned] = useState(Boolean(user.isBanned));
  const [reason, setReason] = useState(user.bannedReason ?? "");

  const mutation = useMutation({
    mutationFn: () => {
      const patch: UserPatch = splitName(name);
      if (admin) {
        patch.roles = roles;
        patch.isBanned = banned;
        // Un-banning clears the reason.
        patch.bannedReason = banned ? reason.trim() : "";
      }
      return updateUser(user._id, patch);
    },
    onSuccess: (saved) => {
      if (saved._id === me?._id) setUser(saved);
      void queryClient.invalidateQueries({ queryKey: usersKey });
      onClose();
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };

  return (
    <form onSubmit={onSubmit}>
      <DialogBody>
        {mutation.isError ? (
          <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }}>
            {mutation.error.message}
          </Callout>
        ) : null}
        <FormGroup label={t("edit.name")} labelFor="edit-user-name">
          <InputGroup
            id="edit-user-name"
            dir={textDir(name)}
            value={name}
            onValueChange={setName}
            autoFocus
            size="large"
          />
        </FormGroup>
        {admin ? (
          <>
            <FormGroup label={t("edit.roles")}>
              {ROLES.map((role) => (
                <Checkbox
                  key={role}
                  inline
                  label={t(`admin.roles.${role}`)}
                  checked={roles.includes(role)}
                  onChange={() => setRoles(toggleRole(roles, role))}
                />
              ))}
            </FormGroup>
            <FormGroup label={t("edit.status")}>
              <SegmentedControl
                aria-label={t("edit.status")}
                value={banned ? "banned" : "active"}
                onValueChange={(value) => setBanned(value === "banned")}
                options={[
                  { label: t("admin.active"), value: "active" },
                  { label: t("admin.banned"), value: "banned" },
                ]}
              />
            </FormGroup>
            {banned ? (
              <FormGroup label={t("edit.banReason")} labelFor="edit-user-reason">
                <TextArea
                  id="edit-user-reason"
                  dir={textDir(reason)}
                  fill
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              </FormGroup>
            ) : null}
            <UserSharing userId={user._id} />
          </>
        ) : (
          <p className={Classes.TEXT_MUTED}>
            <bdi>{user.email}</bdi>
          </p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t("edit.cancel")}</Button>
            <Button type="submit" intent="primary" loading={mutation.isPending}>
              {t("edit.save")}
            </Button>
          </>
        }
      />
    </form>
  );
}
