import { Alert, Callout } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import { type Bot, deleteBot } from "./api.ts";
import { deleteQuestion } from "./texts.ts";
import { useBotCache } from "./useBots.ts";

// The delete confirmation with its exact question, Cancel and Delete. The bot leaves the
// lists only once the server has deleted it; a failure keeps the alert open with the message in red.

export function DeleteBotAlert({ bot, onClose }: { bot: Bot | null; onClose: () => void }) {
  const cache = useBotCache();
  const mutation = useMutation({
    mutationFn: async (target: Bot) => {
      try {
        await deleteBot(target._id);
      } catch (error) {
        throw new Error(error instanceof Error && error.message ? error.message : "Failed to delete bot");
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
      confirmButtonText="Delete"
      cancelButtonText="Cancel"
      loading={mutation.isPending}
      onConfirm={() => bot && mutation.mutate(bot)}
      onCancel={close}
      canEscapeKeyCancel
      canOutsideClickCancel
    >
      <p>{deleteQuestion(bot?.chatName || bot?.botName || "")}</p>
      {mutation.isError ? (
        <Callout intent="danger" role="alert">
          {mutation.error.message}
        </Callout>
      ) : null}
    </Alert>
  );
}
