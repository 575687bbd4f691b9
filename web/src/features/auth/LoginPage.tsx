import { Button, Callout } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { FormField } from "../../components/FormField.tsx";
import { i18n, useTranslation } from "../../i18n/index.ts";
import { ApiError } from "../../lib/api.ts";
import { typedBeforeStart } from "../../lib/prerendered.ts";
import styles from "./AuthCard.module.css";
import { AuthCard, OrDivider } from "./AuthCard.tsx";
import { useAuth } from "./AuthProvider.tsx";
import { login } from "./api.ts";
import { GoogleButton } from "./GoogleButton.tsx";
import { originPath } from "./origin.ts";
import { useSignedInRedirect } from "./useSignedInRedirect.ts";
import { hasErrors, validateLogin } from "./validation.ts";

// /login: back to where the visitor was going after signing in, else /.

function loginFailure(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.message !== i18n.t("common:api.generic"))
    return error.message;
  return i18n.t("auth:login.failed");
}

export function LoginPage() {
  const { t } = useTranslation("auth");
  const redirect = useSignedInRedirect(true);
  const { signIn } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  // The gateway's Google callback comes back here with ?error=google when the sign-in failed.
  const [params] = useSearchParams();
  // What was typed into the page the build wrote ahead before this code arrived (lib/prerendered.ts).
  const [form, setForm] = useState(() => ({
    email: typedBeforeStart("login-email"),
    password: typedBeforeStart("login-password"),
  }));
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validateLogin(form) : {};

  const mutation = useMutation({
    mutationFn: () => login(form.email.trim(), form.password),
    onSuccess: ({ token, user }) => {
      signIn(token, user);
      navigate(originPath(location.state), { replace: true });
    },
  });

  if (redirect) return <Navigate to={redirect} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!hasErrors(validateLogin(form))) mutation.mutate();
  };

  return (
    <AuthCard
      title={t("login.title")}
      subtitle={
        <>
          {t("login.noAccount")} <Link to="/register">{t("login.getStarted")}</Link>
        </>
      }
    >
      {mutation.isError || (mutation.isIdle && params.get("error") === "google") ? (
        <Callout intent="danger" icon="error" className={styles.callout} role="alert">
          {loginFailure(mutation.error)}
        </Callout>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <FormField
          id="login-email"
          label={t("username")}
          placeholder={t("emailPlaceholder")}
          type="email"
          autoComplete="username"
          autoFocus
          value={form.email}
          onValueChange={(email) => setForm({ ...form, email })}
          error={errors.email}
        />
        <FormField
          id="login-password"
          label={t("password")}
          type="password"
          autoComplete="current-password"
          revealable
          value={form.password}
          onValueChange={(password) => setForm({ ...form, password })}
          error={errors.password}
        />
        <div className={styles.row}>
          <span />
          <Link to="/forgotpassword">{t("login.forgot")}</Link>
        </div>
        <div className={styles.actions}>
          <Button type="submit" intent="primary" size="large" fill loading={mutation.isPending}>
            {t("login.submit")}
          </Button>
        </div>
      </form>
      <OrDivider />
      <GoogleButton />
    </AuthCard>
  );
}
