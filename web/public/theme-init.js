// Runs before the app bundle so a dark-theme reload never flashes white: inline in the built
// page's head (web/scripts/route-preloads.ts), a file under the dev server. src/lib/theme.tsx owns
// the theme afterwards; keep the two in step.
(() => {
  let theme = "light";
  try {
    if (window.localStorage.getItem("theme") === "dark") theme = "dark";
  } catch {
    // Storage disabled: light, the default.
  }
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  // Blueprint's dark class on <html> as well as (later, from the app) <body>: a page the build
  // wrote ahead (/login) is painted before the app runs, and must be dark already.
  root.classList.toggle("bp6-dark", theme === "dark");
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute("content", theme === "dark" ? "#1c2127" : "#f6f7f9");
})();

// The app's forms are sent by its code, never by the browser. A page written ahead can be typed
// into before the code runs; pressing Enter there would reload the page and lose what was typed.
// The app's own handlers still run: this only stops the browser's submission.
document.addEventListener("submit", (event) => event.preventDefault(), true);

// A tap on a page the gateway drew (`data-drawn` on #root, src/lib/drawn.ts) before its code has
// arrived does nothing by itself: its buttons are the app's. The last one is kept until the app
// starts adopting the page, and tapped again once it has (`takeEarlyTap`, `replayTap`). Links work
// without the code.
document.addEventListener(
  "click",
  (event) => {
    const root = document.getElementById("root");
    const target = event.target;
    // null: the app has taken what was tapped and hears taps itself.
    if (
      window.__dirabotEarlyTap === null ||
      !root?.hasAttribute("data-drawn") ||
      !(target instanceof Element)
    )
      return;
    if (!root.contains(target) || target.closest("a[href], input, label, select, textarea")) return;
    window.__dirabotEarlyTap = target;
  },
  true,
);
