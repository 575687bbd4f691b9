import { Alert, Callout } from "@blueprintjs/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../i18n/index.ts";
import { Trans } from "../../i18n/trans.ts";
import type { User } from "../auth/index.ts";
import { deleteUser, usersKey } from "./api.ts";
import { fullName } from "./table.ts";

// The delete confirmation: 'Are you sure you want to delete {name}?' with DELETE and
// Cancel. A failure keeps it open with the server's message in red.
export function DeleteUsersAlert({
  users,
  onClose,
}: {
  users: User[] | null;
  onClose: (deletedIds: string[]) => void;
}) {
  const { t } = useTranslation("users");
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (targets: User[]) => {
      for (const user of targets) await deleteUser(user._id);
      return targets.map((u) => u._id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
    onSuccess: (ids) => {
      mutation.reset();
      onClose(ids);
    },
  });
  const name =
    users?.length === 1 && users[0]
      ? fullName(users[0])
      : t("admin.someUsers", { count: users?.length ?? 0 });
  return (
    <Alert
      isOpen={users !== null}
      icon="trash"
      intent="danger"
      confirmButtonText={t("admin.deleteButton")}
      cancelButtonText={t("admin.cancel")}
      loading={mutation.isPending}
      onConfirm={() => users && mutation.mutate(users)}
      onCancel={() => {
        mutation.reset();
        onClose([]);
      }}
      canEscapeKeyCancel
      canOutsideClickCancel
    >
      <p>
        <Trans t={t} i18nKey="admin.confirmDelete" values={{ name }} components={{ name: <bdi /> }} />
      </p>
      {mutation.isError ? (
        <Callout intent="danger" role="alert">
          {mutation.error.message}
        </Callout>
      ) : null}
    </Alert>
  );
}
