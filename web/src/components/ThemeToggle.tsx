import { Button } from "@blueprintjs/core";
import { useTranslation } from "../i18n/index.ts";
import { useTheme } from "../lib/theme.tsx";

// Small corner switch between light and dark. The label names the theme it switches to, which is
// what a screen reader user needs to know before pressing it. The browser's own tooltip (`title`):
// a Blueprint Tooltip would bring the popover engine into every signed-out page's first load.
export function ThemeToggle() {
  const { t } = useTranslation();
  const { isDark, toggleTheme } = useTheme();
  const label = isDark ? t("theme.light") : t("theme.dark");
  return (
    <Button
      variant="minimal"
      icon={isDark ? "flash" : "moon"}
      aria-label={t("theme.switchTo", { mode: label })}
      aria-pressed={isDark}
      title={label}
      onClick={toggleTheme}
    />
  );
}
