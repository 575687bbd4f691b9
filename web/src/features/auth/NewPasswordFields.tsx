import { FormField } from "../../components/FormField.tsx";
import { useTranslation } from "../../i18n/index.ts";
import type { Errors, NewPasswordForm } from "./validation.ts";

// New password + confirmation, shared by /forgotpassword's last step and /resetpassword.
export function NewPasswordFields({
  form,
  onChange,
  errors,
}: {
  form: NewPasswordForm;
  onChange: (form: NewPasswordForm) => void;
  errors: Errors<keyof NewPasswordForm>;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <FormField
        id="new-password"
        label={t("newPassword.new")}
        type="password"
        autoComplete="new-password"
        revealable
        autoFocus
        value={form.newPassword}
        onValueChange={(newPassword) => onChange({ ...form, newPassword })}
        error={errors.newPassword}
      />
      <FormField
        id="confirm-password"
        label={t("newPassword.confirm")}
        type="password"
        autoComplete="new-password"
        value={form.confirmPassword}
        onValueChange={(confirmPassword) => onChange({ ...form, confirmPassword })}
        error={errors.confirmPassword}
      />
    </>
  );
}
