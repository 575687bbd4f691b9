// The form rules of SPEC §5, with their messages character for character (including the odd ones:
// the register form's username error is just "username"). Each validator returns the first error of
// every field that has one; an empty object means the form may be sent.

export type Errors<F extends string> = Partial<Record<F, string>>;

const LOGIN_MIN = 6;
const RESET_MIN = 8;

const blank = (value: string) => value.trim() === "";

export interface LoginForm {
  email: string;
  password: string;
}

export function validateLogin(form: LoginForm): Errors<keyof LoginForm> {
  const errors: Errors<keyof LoginForm> = {};
  if (blank(form.email)) errors.email = "username is required";
  if (form.password === "") errors.password = "Password is required";
  else if (form.password.length < LOGIN_MIN) errors.password = "Password must be at least 6 characters";
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
  if (blank(form.firstname)) errors.firstname = "First name is required";
  if (blank(form.lastname)) errors.lastname = "Last name is required";
  if (blank(form.email)) errors.email = "username";
  if (form.password === "") errors.password = "Password is required";
  else if (form.password.length < LOGIN_MIN) errors.password = "Password must be at least 6 characters long";
  if (form.verifyPassword === "") errors.verifyPassword = "Please verify your password";
  else if (form.verifyPassword !== form.password) errors.verifyPassword = "Passwords do not match";
  return errors;
}

export interface NewPasswordForm {
  newPassword: string;
  confirmPassword: string;
}

/** The new-password step of /forgotpassword and the form of /resetpassword share these rules. */
export function validateNewPassword(form: NewPasswordForm): Errors<keyof NewPasswordForm> {
  const errors: Errors<keyof NewPasswordForm> = {};
  if (form.newPassword === "") errors.newPassword = "New password is required";
  else if (form.newPassword.length < RESET_MIN) errors.newPassword = "Password must be at least 8 characters";
  if (form.confirmPassword === "") errors.confirmPassword = "Please confirm your password";
  else if (form.confirmPassword.length < RESET_MIN)
    errors.confirmPassword = "Password must be at least 8 characters";
  else if (form.confirmPassword !== form.newPassword) errors.confirmPassword = "Passwords do not match";
  return errors;
}

export function validateUsername(username: string): Errors<"username"> {
  return blank(username) ? { username: "Username is required" } : {};
}

export function validateCode(code: string): Errors<"verificationCode"> {
  return blank(code) ? { verificationCode: "Verification code is required" } : {};
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
