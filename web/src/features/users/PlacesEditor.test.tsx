import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import { ThemeProvider } from "../../lib/theme.tsx";
import { AuthProvider } from "../auth/index.ts";
import { PlacesEditor } from "./PlacesEditor.tsx";
import { testUser } from "./testUser.ts";

// The profile's Places as the user first sees it: the saved places, each named and removable,
// then the add form while there is room, and a note instead once there are five.

const place = (i: number, name: string) => ({ id: `p${i}`, name, lat: 32 + i / 100, lon: 34.78 });
const render = (places: ReturnType<typeof place>[]) =>
  renderToStaticMarkup(
    <ThemeProvider>
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <PlacesEditor user={testUser({ places })} />
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the Places editor", () => {
  it("lists the saved places with a way to remove each, and offers to add one", () => {
    const html = render([place(1, "Work"), place(2, "Parents")]);
    expect(html).toContain('value="Work"');
    expect(html).toContain('aria-label="Remove Parents"');
    expect(text(html)).toContain("Add a place");
    expect(text(html)).toContain("Search an address or click the map to pick the place.");
    expect(html).toContain('aria-label="Map: click to pick a place"');
  });

  it("says when there are none, and stops offering at five", () => {
    expect(text(render([]))).toContain("No places yet.");
    const full = text(render([1, 2, 3, 4, 5].map((i) => place(i, `P${i}`))));
    expect(full).toContain("You have 5 places, the most there can be.");
    expect(full).not.toContain("Add a place");
  });

  describe("in Hebrew", () => {
    beforeAll(() => i18n.changeLanguage("he"));
    afterAll(() => i18n.changeLanguage("en"));
    it("says it in Hebrew", () => {
      const out = text(render([place(1, "עבודה")]));
      expect(out).toContain("הוספת מקום");
      expect(out).toContain("שמירת המקומות");
    });
  });
});
