import { afterEach, describe, expect, it } from "vitest";
import { keepTyped, matchesPrerender, typedBeforeStart } from "./prerendered.ts";

// When the app adopts the page the build wrote ahead, and what was typed into it before.

const written = { firstElementChild: {} } as unknown as Element;
const at = (pathname: string, search = "") => ({ pathname, search }) as Location;

/** A browser's storage, as theme.tsx and authToken.ts read it. */
function storing(values: Record<string, string>): void {
  Object.assign(globalThis, { window: { localStorage: { getItem: (k: string) => values[k] ?? null } } });
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, "window");
});

describe("matchesPrerender", () => {
  it("adopts /login as written for a visitor with no session in the light theme", () => {
    expect(matchesPrerender(written, at("/login"))).toBe(true);
  });

  it("draws afresh where the app would draw something else", () => {
    expect(matchesPrerender(written, at("/login", "?error=google"))).toBe(false);
    expect(matchesPrerender(written, at("/bots"))).toBe(false);
    expect(matchesPrerender({ firstElementChild: null } as unknown as Element, at("/login"))).toBe(false);
    storing({ theme: "dark" });
    expect(matchesPrerender(written, at("/login"))).toBe(false);
    storing({ authToken: "t" });
    expect(matchesPrerender(written, at("/login"))).toBe(false);
  });
});

describe("typedBeforeStart", () => {
  it("gives what was typed into a field once, and nothing for an empty or unknown field", () => {
    const inputs = [
      { id: "login-email", value: "dana@example.com" },
      { id: "login-password", value: "" },
    ];
    keepTyped({ querySelectorAll: () => inputs } as unknown as Element);
    expect(typedBeforeStart("login-email")).toBe("dana@example.com");
    expect(typedBeforeStart("login-email")).toBe("");
    expect(typedBeforeStart("login-password")).toBe("");
    expect(typedBeforeStart("nowhere")).toBe("");
  });
});
