import { Button, Callout } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { FormField } from "../../components/FormField.tsx";
import { i18n, useTranslation } from "../../i18n/index.ts";
import styles from "./AuthCard.module.css";
import { AuthCard } from "./AuthCard.tsx";
import { requestReset, resetFailure, resetPassword, type StatusResult, verifyResetCode } from "./api.ts";
import { NewPasswordFields } from "./NewPasswordFields.tsx";
import { useLaterNavigate } from "./useLaterNavigate.ts";
import { hasErrors, validateCode, validateNewPassword, validateUsername } from "./validation.ts";

// /forgotpassword: username → the code sent to the linked Telegram account → a new
// password, then back to /login after 3 s. A failed step stays where it is and says why.

type Step = 0 | 1 | 2;

// Each step's lines are the catalogue's lists, by step.
const fallback = (step: Step) => i18n.t(`auth:forgot.fallback.${step}`);
const success = (step: Step) => i18n.t(`auth:forgot.success.${step}`);

export function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const [step, setStep] = useState<Step>(0);
  const [username, setUsername] = useState("");
  const [code, setCode] = useState("");
  const [passwords, setPasswords] = useState({ newPassword: "", confirmPassword: "" });
  const [submitted, setSubmitted] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [done, setDone] = useState(false);
  useLaterNavigate(done, "/login", 3000);

  const errors = {
    ...(submitted && step === 0 ? validateUsername(username) : {}),
    ...(submitted && step === 1 ? validateCode(code) : {}),
    ...(submitted && step === 2 ? validateNewPassword(passwords) : {}),
  };

  const mutation = useMutation({
    mutationFn: (): Promise<StatusResult> => {
      const email = username.trim();
      if (step === 0) return requestReset(email);
      if (step === 1) return verifyResetCode(email, code.trim());
      return resetPassword(email, code.trim(), passwords.newPassword);
    },
    onSuccess: (result) => {
      if (result?.status !== "success") {
        setNotice({ ok: false, text: result?.message || fallback(step) });
        return;
      }
      setNotice({ ok: true, text: result.message || success(step) });
      setSubmitted(false);
      if (step === 2) setDone(true);
      else setStep((step + 1) as Step);
    },
    onError: (error) => setNotice({ ok: false, text: resetFailure(error, fallback(step)) }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const stepErrors =
      step === 0
        ? validateUsername(username)
        : step === 1
          ? validateCode(code)
          : validateNewPassword(passwords);
    if (!hasErrors(stepErrors)) mutation.mutate();
  };

  return (
    <AuthCard title={t("forgot.title")} subtitle={t(`forgot.subtitle.${step}`)}>
      {notice ? (
        <Callout
          intent={notice.ok ? "success" : "danger"}
          icon={notice.ok ? "tick-circle" : "error"}
          className={styles.callout}
          role={notice.ok ? "status" : "alert"}
        >
          {notice.text}
        </Callout>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        {step === 0 ? (
          <FormField
            id="reset-username"
            label={t("username")}
            placeholder={t("emailPlaceholder")}
            type="email"
            autoComplete="username"
            autoFocus
            value={username}
            onValueChange={setUsername}
            error={errors.username}
          />
        ) : null}
        {step === 1 ? (
          <FormField
            id="reset-code"
            label={t("forgot.code")}
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
            value={code}
            onValueChange={setCode}
            error={errors.verificationCode}
          />
        ) : null}
        {step === 2 ? <NewPasswordFields form={passwords} onChange={setPasswords} errors={errors} /> : null}
        <div className={styles.actions}>
          <Button
            type="submit"
            intent="primary"
            size="large"
            fill
            loading={mutation.isPending}
            disabled={done}
          >
            {t(`forgot.submit.${step}`)}
          </Button>
          <Link to="/login" className={styles.back}>
            {t("backToLogin")}
          </Link>
        </div>
      </form>
    </AuthCard>
  );
}
