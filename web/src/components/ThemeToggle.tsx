import { Button, Tooltip } from "@blueprintjs/core";
import { useTheme } from "../lib/theme.tsx";

// Small corner switch between light and dark. The label names the theme it switches to, which is
// what a screen reader user needs to know before pressing it.
export function ThemeToggle() {
  const { isDark, toggleTheme } = useTheme();
  const label = isDark ? "Light Mode" : "Dark Mode";
  return (
    <Tooltip content={label} placement="bottom">
      <Button
        variant="minimal"
        icon={isDark ? "flash" : "moon"}
        aria-label={`Switch to ${label}`}
        aria-pressed={isDark}
        onClick={toggleTheme}
      />
    </Tooltip>
  );
}
