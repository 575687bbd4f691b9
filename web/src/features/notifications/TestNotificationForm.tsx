import { Button, Callout, Card, Classes, FormGroup, InputGroup, TextArea } from "@blueprintjs/core";
import { useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import { type FormEvent, useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { ApiError } from "../../lib/api.ts";
import { notificationsKey, sendTestNotification } from "./api.ts";
import { typedDir } from "./bidi.ts";
import styles from "./TestNotificationForm.module.css";
import { checkTestInput } from "./testForm.ts";
import { PageTexts } from "./texts.ts";

// 'Send Test Notification' (POST /api/notifications/test): title,
// body and an optional URL; it arrives as an in-app notification and, where push is on, as a push.

type Outcome = { intent: "success" | "danger"; text: string } | null;

export function TestNotificationForm() {
  const { t } = useTranslation("notifications");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [url, setUrl] = useState("");
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const client = useQueryClient();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkTestInput({ title, body, url }, window.location.origin);
    if (!check.ok) {
      setOutcome({ intent: "danger", text: check.error });
      return;
    }
    setSending(true);
    setOutcome(null);
    try {
      await sendTestNotification(check.value);
      setOutcome({ intent: "success", text: PageTexts.sent });
      setTitle("");
      setBody("");
      setUrl("");
      void client.invalidateQueries({ queryKey: notificationsKey });
    } catch (error) {
      // Past the account's few tests a minute the server says to wait; that is worth showing.
      const paced = error instanceof ApiError && error.status === 429;
      setOutcome({ intent: "danger", text: paced ? error.message : PageTexts.sendFailed });
    } finally {
      setSending(false);
    }
  };

  return (
    <Card className={styles.form} data-testid="test-form">
      <h2 className={clsx(Classes.HEADING, styles.title)}>{PageTexts.testTitle}</h2>
      <p className={clsx(Classes.TEXT_MUTED, styles.hint)}>{t("test.hint")}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormGroup label={t("test.title")} labelFor="test-title">
          <InputGroup
            id="test-title"
            value={title}
            maxLength={200}
            dir={typedDir(title)}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label={t("test.body")} labelFor="test-body">
          <TextArea
            id="test-body"
            value={body}
            maxLength={2000}
            rows={3}
            fill
            dir={typedDir(body)}
            onChange={(e) => setBody(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label={t("test.url")} labelFor="test-url" labelInfo={t("test.optional")}>
          <InputGroup
            id="test-url"
            value={url}
            maxLength={2000}
            placeholder={t("test.urlPlaceholder")}
            dir="ltr"
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
        </FormGroup>
        {outcome ? (
          <Callout
            intent={outcome.intent}
            icon={outcome.intent === "success" ? "tick" : "error"}
            role={outcome.intent === "danger" ? "alert" : "status"}
            compact
            className={styles.outcome}
          >
            {outcome.text}
          </Callout>
        ) : null}
        <Button type="submit" intent="primary" icon="send-message" loading={sending} fill>
          {t("test.send")}
        </Button>
      </form>
    </Card>
  );
}
