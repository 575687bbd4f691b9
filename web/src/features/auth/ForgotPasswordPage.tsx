import { Button, Callout } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { FormField } from "../../components/FormField.tsx";
import styles from "./AuthCard.module.css";
import { AuthCard } from "./AuthCard.tsx";
import { requestReset, resetFailure, resetPassword, type StatusResult, verifyResetCode } from "./api.ts";
import { NewPasswordFields } from "./NewPasswordFields.tsx";
import { useLaterNavigate } from "./useLaterNavigate.ts";
import { hasErrors, validateCode, validateNewPassword, validateUsername } from "./validation.ts";

// /forgotpassword: username → the code sent to the linked Telegram account → a new
// password, then back to /login after 3 s. A failed step stays where it is and says why.

type Step = 0 | 1 | 2;

const FALLBACK: Record<Step, string> = {
  0: "Failed to send verification code",
  1: "Invalid verification code",
  2: "Failed to reset password",
};
const SUCCESS: Record<Step, string> = {
  0: "Verification code sent to your Telegram account. Please enter the code below.",
  1: "Code verified. Please set your new password.",
  2: "Password reset successful. You can now login with your new password.",
};
const SUBTITLE: Record<Step, string> = {
  0: "Enter your username and we will send a verification code to your linked Telegram account.",
  1: "Enter the verification code from Telegram.",
  2: "Choose a new password.",
};

export function ForgotPasswordPage() {
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
        setNotice({ ok: false, text: result?.message || FALLBACK[step] });
        return;
      }
      setNotice({ ok: true, text: result.message || SUCCESS[step] });
      setSubmitted(false);
      if (step === 2) setDone(true);
      else setStep((step + 1) as Step);
    },
    onError: (error) => setNotice({ ok: false, text: resetFailure(error, FALLBACK[step]) }),
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
    <AuthCard title="Forgot password?" subtitle={SUBTITLE[step]}>
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
            label="Username"
            placeholder="you@example.com"
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
            label="Verification code"
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
            {step === 0 ? "Send code" : step === 1 ? "Verify code" : "Reset password"}
          </Button>
          <Link to="/login" className={styles.back}>
            Back to Login
          </Link>
        </div>
      </form>
    </AuthCard>
  );
}
