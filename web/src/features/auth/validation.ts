import { AUTH_MESSAGES as M, PASSWORD_MIN } from "@dirabot/api/messages.ts";

// The account forms' rules. The messages are the API contract's, the gateway answers the same
// words (including the odd ones: the register form's username error is just "username"). Each
// validator returns the first error of every field that has one; an empty object means the form
// may be sent.

export type Errors<F extends string> = Partial<Record<F, string>>;

const LOGIN_MIN = PASSWORD_MIN.account;
const RESET_MIN = PASSWORD_MIN.reset;

const blank = (value: string) => value.trim() === "";

export interface LoginForm {
  email: string;
  password: string;
}

export function validateLogin(form: LoginForm): Errors<keyof LoginForm> {
  const errors: Errors<keyof LoginForm> = {};
  if (blank(form.email)) errors.email = M.loginEmail;
  if (form.password === "") errors.password = M.passwordRequired;
  else if (form.password.length < LOGIN_MIN) errors.password = M.loginPasswordShort;
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
  if (blank(form.firstname)) errors.firstname = M.firstnameRequired;
  if (blank(form.lastname)) errors.lastname = M.lastnameRequired;
  if (blank(form.email)) errors.email = M.registerEmail;
  if (form.password === "") errors.password = M.passwordRequired;
  else if (form.password.length < LOGIN_MIN) errors.password = M.registerPasswordShort;
  if (form.verifyPassword === "") errors.verifyPassword = M.verifyPassword;
  else if (form.verifyPassword !== form.password) errors.verifyPassword = M.mismatch;
  return errors;
}

export interface NewPasswordForm {
  newPassword: string;
  confirmPassword: string;
}

/** The new-password step of /forgotpassword and the form of /resetpassword share these rules. */
export function validateNewPassword(form: NewPasswordForm): Errors<keyof NewPasswordForm> {
  const errors: Errors<keyof NewPasswordForm> = {};
  if (form.newPassword === "") errors.newPassword = M.newPasswordRequired;
  else if (form.newPassword.length < RESET_MIN) errors.newPassword = M.resetPasswordShort;
  if (form.confirmPassword === "") errors.confirmPassword = M.confirmPassword;
  else if (form.confirmPassword.length < RESET_MIN) errors.confirmPassword = M.resetPasswordShort;
  else if (form.confirmPassword !== form.newPassword) errors.confirmPassword = M.mismatch;
  return errors;
}

export function validateUsername(username: string): Errors<"username"> {
  return blank(username) ? { username: M.usernameRequired } : {};
}

export function validateCode(code: string): Errors<"verificationCode"> {
  return blank(code) ? { verificationCode: M.codeRequired } : {};
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
