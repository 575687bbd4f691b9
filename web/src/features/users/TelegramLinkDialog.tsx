import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from "@blueprintjs/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import styles from "./TelegramLink.module.css";

// The current password, asked before a Telegram link is made (the server checks it; a wrong one
// counts as a failed sign-in). The server's refusal shows under the field.
export function TelegramLinkDialog(props: {
  isOpen: boolean;
  pending: boolean;
  error: string | undefined;
  onSubmit: (password: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("users");
  const [password, setPassword] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password) props.onSubmit(password);
  };
  return (
    <Dialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      onClosed={() => setPassword("")}
      title={t("telegram.dialogTitle")}
      icon="send-message"
      className={styles.dialog}
    >
      <form onSubmit={submit}>
        <DialogBody>
          <p>{t("telegram.prompt")}</p>
          <FormGroup label={t("telegram.password")} labelFor="telegram-link-password">
            <InputGroup
              id="telegram-link-password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onValueChange={setPassword}
            />
          </FormGroup>
          {props.error ? (
            <Callout intent="danger" icon="error" role="alert">
              {props.error}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={props.onClose}>{t("telegram.cancel")}</Button>
              <Button type="submit" intent="primary" loading={props.pending} disabled={!password}>
                {t("telegram.submit")}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
