import { Button, Callout } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { i18n, useTranslation } from "../../i18n/index.ts";
import styles from "./AuthCard.module.css";
import { AuthCard } from "./AuthCard.tsx";
import { completeReset, resetFailure } from "./api.ts";
import { NewPasswordFields } from "./NewPasswordFields.tsx";
import { useLaterNavigate } from "./useLaterNavigate.ts";
import { hasErrors, validateNewPassword } from "./validation.ts";

// /resetpassword?token&email: the emailed-link variant of the reset; success goes to
// /login after 3 s.

export function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const email = params.get("email") ?? "";
  const [form, setForm] = useState({ newPassword: "", confirmPassword: "" });
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validateNewPassword(form) : {};

  const mutation = useMutation({
    mutationFn: async () => {
      const result = await completeReset(email, token, form.newPassword);
      if (result?.status !== "success") throw new Error(result?.message || i18n.t("auth:reset.failed"));
      return result;
    },
  });
  useLaterNavigate(mutation.isSuccess, "/login", 3000);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!hasErrors(validateNewPassword(form))) mutation.mutate();
  };

  return (
    <AuthCard
      title={t("reset.title")}
      subtitle={email ? t("reset.subtitleFor", { email: `\u2068${email}\u2069` }) : t("reset.subtitle")}
    >
      {mutation.isSuccess ? (
        <Callout intent="success" icon="tick-circle" className={styles.callout} role="status">
          {mutation.data.message || t("reset.success")}
        </Callout>
      ) : null}
      {mutation.isError ? (
        <Callout intent="danger" icon="error" className={styles.callout} role="alert">
          {mutation.error instanceof Error && !("status" in mutation.error)
            ? mutation.error.message
            : resetFailure(mutation.error, t("reset.failed"))}
        </Callout>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <NewPasswordFields form={form} onChange={setForm} errors={errors} />
        <div className={styles.actions}>
          <Button
            type="submit"
            intent="primary"
            size="large"
            fill
            loading={mutation.isPending}
            disabled={mutation.isSuccess}
          >
            {t("reset.submit")}
          </Button>
          <Link to="/login" className={styles.back}>
            {t("backToLogin")}
          </Link>
        </div>
      </form>
    </AuthCard>
  );
}
