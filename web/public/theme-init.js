// Runs before the app bundle (a plain file, since the CSP forbids inline scripts) so a dark-theme
// reload never flashes white. src/lib/theme.tsx owns the theme afterwards; keep the two in step.
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
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute("content", theme === "dark" ? "#1c2127" : "#f6f7f9");
})();
