import { Button } from "@blueprintjs/core";
import { useTheme } from "../lib/theme.tsx";

// Small corner switch between light and dark. The label names the theme it switches to, which is
// what a screen reader user needs to know before pressing it. The browser's own tooltip (`title`):
// a Blueprint Tooltip would bring the popover engine into every signed-out page's first load.
export function ThemeToggle() {
  const { isDark, toggleTheme } = useTheme();
  const label = isDark ? "Light Mode" : "Dark Mode";
  return (
    <Button
      variant="minimal"
      icon={isDark ? "flash" : "moon"}
      aria-label={`Switch to ${label}`}
      aria-pressed={isDark}
      title={label}
      onClick={toggleTheme}
    />
  );
}
