import { Button, Callout } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { FormField } from "../../components/FormField.tsx";
import { i18n, useTranslation } from "../../i18n/index.ts";
import { ApiError } from "../../lib/api.ts";
import styles from "./AuthCard.module.css";
import { AuthCard, OrDivider } from "./AuthCard.tsx";
import { useAuth } from "./AuthProvider.tsx";
import { register } from "./api.ts";
import { GoogleButton } from "./GoogleButton.tsx";
import { useSignedInRedirect } from "./useSignedInRedirect.ts";
import { hasErrors, type RegisterForm, validateRegister } from "./validation.ts";

// /register: on success the visitor is signed in and sent to /redirect.

const thrown = () => i18n.t("auth:register.thrown");
const EMPTY: RegisterForm = { firstname: "", lastname: "", email: "", password: "", verifyPassword: "" };

export function RegisterPage() {
  const { t } = useTranslation("auth");
  const redirect = useSignedInRedirect(false);
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = submitted ? validateRegister(form) : {};
  const set = (field: keyof RegisterForm) => (value: string) => setForm({ ...form, [field]: value });

  const mutation = useMutation({
    mutationFn: () =>
      register({
        firstname: form.firstname.trim(),
        lastname: form.lastname.trim(),
        email: form.email.trim(),
        password: form.password,
      }),
    onSuccess: (result) => {
      if (result?.status === "success" && result.token && result.user) {
        signIn(result.token, result.user);
        navigate("/redirect", { replace: true });
      } else setFailure(result?.message || thrown());
    },
    // The server's message ("An account with this email already exists"), else the fixed line for a thrown error.
    onError: (error) => setFailure(error instanceof ApiError && error.status > 0 ? error.message : thrown()),
  });

  if (redirect && !mutation.isSuccess) return <Navigate to={redirect} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!hasErrors(validateRegister(form))) mutation.mutate();
  };

  return (
    <AuthCard
      title={t("register.title")}
      subtitle={
        <>
          {t("register.haveAccount")} <Link to="/login">{t("register.signIn")}</Link>
        </>
      }
    >
      {failure ? (
        <Callout intent="danger" icon="error" className={styles.callout} role="alert">
          {failure}
        </Callout>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.names}>
          <FormField
            id="register-firstname"
            label={t("register.firstName")}
            autoComplete="given-name"
            autoFocus
            value={form.firstname}
            onValueChange={set("firstname")}
            error={errors.firstname}
          />
          <FormField
            id="register-lastname"
            label={t("register.lastName")}
            autoComplete="family-name"
            value={form.lastname}
            onValueChange={set("lastname")}
            error={errors.lastname}
          />
        </div>
        <FormField
          id="register-email"
          label={t("username")}
          placeholder={t("emailPlaceholder")}
          type="email"
          autoComplete="username"
          value={form.email}
          onValueChange={set("email")}
          error={errors.email}
        />
        <FormField
          id="register-password"
          label={t("password")}
          type="password"
          autoComplete="new-password"
          revealable
          value={form.password}
          onValueChange={set("password")}
          error={errors.password}
        />
        <FormField
          id="register-verify"
          label={t("register.verifyPassword")}
          type="password"
          autoComplete="new-password"
          value={form.verifyPassword}
          onValueChange={set("verifyPassword")}
          error={errors.verifyPassword}
        />
        <div className={styles.actions}>
          <Button type="submit" intent="primary" size="large" fill loading={mutation.isPending}>
            {t("register.submit")}
          </Button>
        </div>
      </form>
      <OrDivider />
      <GoogleButton />
    </AuthCard>
  );
}
