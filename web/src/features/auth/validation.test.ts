import { afterEach, describe, expect, it } from "vitest";
import { i18n, loadAllNamespaces } from "../../i18n/index.ts";
import {
  validateCode,
  validateLogin,
  validateNewPassword,
  validateRegister,
  validateUsername,
} from "./validation.ts";

describe("login rules", () => {
  it("needs a username and a password of at least 6", () => {
    expect(validateLogin({ email: " ", password: "" })).toEqual({
      email: "username is required",
      password: "Password is required",
    });
    expect(validateLogin({ email: "a@b.c", password: "12345" })).toEqual({
      password: "Password must be at least 6 characters",
    });
    expect(validateLogin({ email: "a@b.c", password: "123456" })).toEqual({});
  });
});

describe("register rules", () => {
  const valid = {
    firstname: "Dana",
    lastname: "Levi",
    email: "d@l.il",
    password: "secret",
    verifyPassword: "secret",
  };

  it("accepts a complete form", () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it("names every missing field with the form's own message", () => {
    expect(
      validateRegister({ firstname: "", lastname: "", email: "", password: "", verifyPassword: "" }),
    ).toEqual({
      firstname: "First name is required",
      lastname: "Last name is required",
      email: "username",
      password: "Password is required",
      verifyPassword: "Please verify your password",
    });
  });

  it("names the email when the address is not one (the spec's empty-field word stays)", () => {
    for (const email of ["dana", "dana@", "dana@levi", "da na@levi.il"]) {
      expect(validateRegister({ ...valid, email })).toEqual({ email: "Please enter a valid email address" });
    }
  });

  describe("in Hebrew", () => {
    afterEach(() => i18n.changeLanguage("en"));
    it("asks for an email address, never a username", async () => {
      await i18n.changeLanguage("he");
      await loadAllNamespaces();
      expect(validateRegister({ ...valid, email: "" }).email).toBe("יש להזין כתובת אימייל");
      expect(validateRegister({ ...valid, email: "dana" }).email).toBe("יש להזין כתובת אימייל תקינה");
      expect(validateLogin({ email: "", password: "123456" }).email).toBe("יש להזין כתובת אימייל");
    });
  });

  it("wants 6 characters and a matching verification", () => {
    expect(validateRegister({ ...valid, password: "short", verifyPassword: "other" })).toEqual({
      password: "Password must be at least 6 characters long",
      verifyPassword: "Passwords do not match",
    });
  });
});

describe("password reset rules", () => {
  it("wants 8 characters on both fields and a match", () => {
    expect(validateNewPassword({ newPassword: "", confirmPassword: "" })).toEqual({
      newPassword: "New password is required",
      confirmPassword: "Please confirm your password",
    });
    expect(validateNewPassword({ newPassword: "1234567", confirmPassword: "1234567" })).toEqual({
      newPassword: "Password must be at least 8 characters",
      confirmPassword: "Password must be at least 8 characters",
    });
    expect(validateNewPassword({ newPassword: "12345678", confirmPassword: "12345679" })).toEqual({
      confirmPassword: "Passwords do not match",
    });
    expect(validateNewPassword({ newPassword: "12345678", confirmPassword: "12345678" })).toEqual({});
  });

  it("needs a username and a code", () => {
    expect(validateUsername("")).toEqual({ username: "Username is required" });
    expect(validateUsername("a@b.c")).toEqual({});
    expect(validateCode(" ")).toEqual({ verificationCode: "Verification code is required" });
  });
});
