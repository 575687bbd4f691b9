import { type AUTH_MESSAGES, PASSWORD_MIN } from "@dirabot/api/messages.ts";
import { i18n } from "../../i18n/index.ts";

// The account forms' rules. The messages are the API contract's, the gateway answers the same
// words (including the odd one: the register form's empty-email error is just "username" in English). Each
// validator returns the first error of every field that has one; an empty object means the form
// may be sent.

export type Errors<F extends string> = Partial<Record<F, string>>;

const LOGIN_MIN = PASSWORD_MIN.account;
const RESET_MIN = PASSWORD_MIN.reset;

const blank = (value: string) => value.trim() === "";
/** The shape identity accepts (services/identity/src/rules.ts), caught before sending. */
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;

/** A rule's message in the reader's language: the contract's words in English (auth:validation). */
const m = (key: keyof typeof AUTH_MESSAGES): string => i18n.t(`auth:validation.${key}`);

export interface LoginForm {
  email: string;
  password: string;
}

export function validateLogin(form: LoginForm): Errors<keyof LoginForm> {
  const errors: Errors<keyof LoginForm> = {};
  if (blank(form.email)) errors.email = m("loginEmail");
  if (form.password === "") errors.password = m("passwordRequired");
  else if (form.password.length < LOGIN_MIN) errors.password = m("loginPasswordShort");
  return errors;
}

export interface RegisterForm {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  verifyPassword: string;
}

export function validateRegister(form: RegisterForm): Errors<keyof RegisterForm> {
  const errors: Errors<keyof RegisterForm> = {};
  if (blank(form.firstname)) errors.firstname = m("firstnameRequired");
  if (blank(form.lastname)) errors.lastname = m("lastnameRequired");
  // The spec's words for an empty field are "username"; a wrong address names the email.
  if (blank(form.email)) errors.email = m("registerEmail");
  else if (!EMAIL.test(form.email.trim()) || form.email.trim().length > 254) errors.email = m("emailInvalid");
  if (form.password === "") errors.password = m("passwordRequired");
  else if (form.password.length < LOGIN_MIN) errors.password = m("registerPasswordShort");
  if (form.verifyPassword === "") errors.verifyPassword = m("verifyPassword");
  else if (form.verifyPassword !== form.password) errors.verifyPassword = m("mismatch");
  return errors;
}

export interface NewPasswordForm {
  newPassword: string;
  confirmPassword: string;
}

/** The new-password step of /forgotpassword and the form of /resetpassword share these rules. */
export function validateNewPassword(form: NewPasswordForm): Errors<keyof NewPasswordForm> {
  const errors: Errors<keyof NewPasswordForm> = {};
  if (form.newPassword === "") errors.newPassword = m("newPasswordRequired");
  else if (form.newPassword.length < RESET_MIN) errors.newPassword = m("resetPasswordShort");
  if (form.confirmPassword === "") errors.confirmPassword = m("confirmPassword");
  else if (form.confirmPassword.length < RESET_MIN) errors.confirmPassword = m("resetPasswordShort");
  else if (form.confirmPassword !== form.newPassword) errors.confirmPassword = m("mismatch");
  return errors;
}

export function validateUsername(username: string): Errors<"username"> {
  return blank(username) ? { username: m("usernameRequired") } : {};
}

export function validateCode(code: string): Errors<"verificationCode"> {
  return blank(code) ? { verificationCode: m("codeRequired") } : {};
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
