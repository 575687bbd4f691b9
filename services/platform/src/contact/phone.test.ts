import { describe, expect, it } from "vitest";
import { localPhone, parsePhone, telHref, whatsAppHref } from "./phone.ts";

describe("a listing's phone as links", () => {
  it("reads an Israeli mobile however it is written", () => {
    for (const raw of [
      "050-1234567",
      "0501234567",
      "+972501234567",
      "972-50-1234567",
      "+972 (0)50 123 4567",
      " 050.123.4567 ",
    ]) {
      expect(telHref(raw), raw).toBe("tel:+972501234567");
      expect(whatsAppHref(raw), raw).toBe("https://wa.me/972501234567");
    }
  });

  it("calls a landline but offers no WhatsApp for it", () => {
    expect(telHref("03-1234567")).toBe("tel:+97231234567");
    expect(telHref("+972-2-6543210")).toBe("tel:+97226543210");
    expect(whatsAppHref("03-1234567")).toBeNull();
    expect(parsePhone("077-1234567")).toEqual({ digits: "972771234567", mobile: false });
  });

  it("keeps another country's number as written", () => {
    expect(telHref("+1 212 555 0100")).toBe("tel:+12125550100");
    expect(whatsAppHref("+44 7700 900123")).toBe("https://wa.me/447700900123");
  });

  it("gives no button for junk", () => {
    for (const raw of [
      "",
      "   ",
      null,
      undefined,
      "call me",
      "050-123",
      "05012345678",
      "1234567",
      "03-12345",
      "+12",
      "050-1234567 ext 2",
      "javascript:alert(1)",
    ])
      expect([telHref(raw), whatsAppHref(raw)], String(raw)).toEqual([null, null]);
  });

  it("carries the greeting, encoded", () => {
    expect(whatsAppHref("0501234567", "Hi, is it still available? ₪6,500 & more")).toBe(
      "https://wa.me/972501234567?text=Hi%2C%20is%20it%20still%20available%3F%20%E2%82%AA6%2C500%20%26%20more",
    );
  });
});

describe("localPhone", () => {
  it("writes an Israeli number as at home, however it came, and nothing else", () => {
    for (const raw of ["050-1234567", "+972 50-123-4567", "972501234567", "+972 (0)50 123 4567"])
      expect(localPhone(raw), raw).toBe("0501234567");
    expect(localPhone("03-123-4567")).toBe("031234567");
    expect(localPhone("077-1234567")).toBe("0771234567");
    for (const raw of ["+44 20 7946 0958", "050-123", "0601234567", "call me", ""])
      expect(localPhone(raw), raw).toBeNull();
  });
});
