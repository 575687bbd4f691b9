import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from "@blueprintjs/core";
import { type FormEvent, useState } from "react";
import styles from "./TelegramLink.module.css";
import { LINK_TEXTS } from "./telegramLink.ts";

// The current password, asked before a Telegram link is made (the server checks it; a wrong one
// counts as a failed sign-in). The server's refusal shows under the field.
export function TelegramLinkDialog(props: {
  isOpen: boolean;
  pending: boolean;
  error: string | undefined;
  onSubmit: (password: string) => void;
  onClose: () => void;
}) {
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
      title={LINK_TEXTS.title}
      icon="send-message"
      className={styles.dialog}
    >
      <form onSubmit={submit}>
        <DialogBody>
          <p>{LINK_TEXTS.prompt}</p>
          <FormGroup label={LINK_TEXTS.password} labelFor="telegram-link-password">
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
              <Button onClick={props.onClose}>{LINK_TEXTS.cancel}</Button>
              <Button type="submit" intent="primary" loading={props.pending} disabled={!password}>
                {LINK_TEXTS.submit}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
