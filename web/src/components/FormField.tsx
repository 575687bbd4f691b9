import { Button, FormGroup, InputGroup, type InputGroupProps } from "@blueprintjs/core";
import { useState } from "react";
import { useTranslation } from "../i18n/index.ts";

// A labelled text input whose error shows beneath it in red, the way every form of the app shows
// its validation messages. The error is tied to the input for screen readers.

type FormFieldProps = Omit<InputGroupProps, "onChange" | "value" | "intent"> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  /** A show/hide switch for passwords. */
  revealable?: boolean;
};

export function FormField({
  id,
  label,
  value,
  onValueChange,
  error,
  revealable,
  type,
  ...rest
}: FormFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
  const reveal = revealable ? (
    <Button
      variant="minimal"
      icon={shown ? "eye-off" : "eye-open"}
      aria-label={shown ? t("password.hide") : t("password.show")}
      onClick={() => setShown((s) => !s)}
    />
  ) : undefined;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={error ? "danger" : "none"}
      helperText={error ? <span id={errorId}>{error}</span> : undefined}
    >
      <InputGroup
        id={id}
        size="large"
        value={value}
        onValueChange={(next) => onValueChange(next)}
        intent={error ? "danger" : "none"}
        type={revealable && shown ? "text" : type}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        rightElement={reveal}
        {...rest}
      />
    </FormGroup>
  );
}
