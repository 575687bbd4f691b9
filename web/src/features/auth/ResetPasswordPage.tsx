import { Button, Callout } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import styles from "./AuthCard.module.css";
import { AuthCard } from "./AuthCard.tsx";
import { completeReset, resetFailure } from "./api.ts";
import { NewPasswordFields } from "./NewPasswordFields.tsx";
import { useLaterNavigate } from "./useLaterNavigate.ts";
import { hasErrors, validateNewPassword } from "./validation.ts";

// /resetpassword?token&email: the emailed-link variant of the reset; success goes to
// /login after 3 s.

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const email = params.get("email") ?? "";
  const [form, setForm] = useState({ newPassword: "", confirmPassword: "" });
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validateNewPassword(form) : {};

  const mutation = useMutation({
    mutationFn: async () => {
      const result = await completeReset(email, token, form.newPassword);
      if (result?.status !== "success") throw new Error(result?.message || "Failed to reset password");
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
      title="Reset password"
      subtitle={email ? `Choose a new password for ${email}.` : "Choose a new password."}
    >
      {mutation.isSuccess ? (
        <Callout intent="success" icon="tick-circle" className={styles.callout} role="status">
          {mutation.data.message || "Password reset successful. You can now login with your new password."}
        </Callout>
      ) : null}
      {mutation.isError ? (
        <Callout intent="danger" icon="error" className={styles.callout} role="alert">
          {mutation.error instanceof Error && !("status" in mutation.error)
            ? mutation.error.message
            : resetFailure(mutation.error, "Failed to reset password")}
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
            Reset password
          </Button>
          <Link to="/login" className={styles.back}>
            Back to Login
          </Link>
        </div>
      </form>
    </AuthCard>
  );
}
