import { Alert, Callout } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "../../i18n/index.ts";
import { Trans } from "../../i18n/trans.ts";
import { type Bot, deleteBot } from "./api.ts";
import { useBotCache } from "./useBots.ts";

// The delete confirmation with its exact question, Cancel and Delete. The bot leaves the
// lists only once the server has deleted it; a failure keeps the alert open with the message in red.
// The bot's name is isolated: a Hebrew name inside the English question (or the other way) stays whole.

export function DeleteBotAlert({ bot, onClose }: { bot: Bot | null; onClose: () => void }) {
  const { t } = useTranslation("bots");
  const cache = useBotCache();
  const mutation = useMutation({
    mutationFn: async (target: Bot) => {
      try {
        await deleteBot(target._id);
      } catch (error) {
        throw new Error(error instanceof Error && error.message ? error.message : t("delete.failed"));
      }
      return target._id;
    },
    onSuccess: (id) => {
      cache.drop(id);
      mutation.reset();
      onClose();
    },
  });
  const close = () => {
    mutation.reset();
    onClose();
  };

  return (
    <Alert
      isOpen={bot !== null}
      icon="trash"
      intent="danger"
      confirmButtonText={t("delete.confirm")}
      cancelButtonText={t("delete.cancel")}
      loading={mutation.isPending}
      onConfirm={() => bot && mutation.mutate(bot)}
      onCancel={close}
      canEscapeKeyCancel
      canOutsideClickCancel
    >
      <p>
        <Trans
          t={t}
          i18nKey="delete.questionRich"
          values={{ name: bot?.chatName || bot?.botName || "" }}
          components={{ name: <bdi /> }}
        />
      </p>
      {mutation.isError ? (
        <Callout intent="danger" role="alert">
          {mutation.error.message}
        </Callout>
      ) : null}
    </Alert>
  );
}
