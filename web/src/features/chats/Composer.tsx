import { Button, InputGroup } from "@blueprintjs/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import styles from "./Composer.module.css";
import { typedDir } from "./format.ts";

// The input row: blank text is not sent; input and button are disabled
// while a send runs or when no chat is open. What is sent goes through the sanitiser (the caller).

export function Composer({
  disabled,
  sending,
  onSend,
}: {
  disabled: boolean;
  sending: boolean;
  onSend: (text: string) => Promise<boolean>;
}) {
  const { t } = useTranslation("chats");
  const [text, setText] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const blocked = disabled || sending;
  // The input is disabled while a send runs, which drops the focus: give it back for the next line.
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending && !disabled) input.current?.focus();
    wasSending.current = sending;
  }, [sending, disabled]);
  const submit = async () => {
    if (blocked || !text.trim()) return;
    const typed = text;
    setText("");
    // Nothing left after sanitising: what was typed comes back, to be corrected.
    if (!(await onSend(typed))) setText(typed);
  };
  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <InputGroup
        fill
        size="large"
        placeholder={t("composer.placeholder")}
        aria-label={t("composer.label")}
        value={text}
        inputRef={input}
        disabled={blocked}
        maxLength={4000}
        dir={typedDir(text)}
        onValueChange={setText}
      />
      <Button
        type="submit"
        size="large"
        intent="success"
        icon="send-message"
        aria-label={t("composer.send")}
        loading={sending}
        disabled={blocked || !text.trim()}
      />
    </form>
  );
}
