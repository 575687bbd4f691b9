import { Classes } from "@blueprintjs/core";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from "react";
import { readStorage, StorageKeys, writeStorage } from "./storage.ts";

// Light/dark theme: Blueprint's dark class on <body> (portals such as dialogs and popovers
// are mounted there too), remembered in localStorage "theme", light by default.
// public/theme-init.js applies the stored theme before the bundle loads so a reload does not flash.

export type Theme = "light" | "dark";

/** Browser chrome colour per theme (Blueprint light-gray5 / dark-gray1, the page backgrounds). */
const CHROME_COLOUR: Record<Theme, string> = { light: "#f6f7f9", dark: "#1c2127" };

export function readTheme(): Theme {
  return readStorage(StorageKeys.theme) === "dark" ? "dark" : "light";
}

export function applyTheme(theme: Theme): void {
  const dark = theme === "dark";
  document.body.classList.toggle(Classes.DARK, dark);
  // public/theme-init.js puts the class on <html> too, for a page painted before the app runs.
  document.documentElement.classList.toggle(Classes.DARK, dark);
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", CHROME_COLOUR[theme]);
}

interface ThemeValue {
  theme: Theme;
  isDark: boolean;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readTheme);

  // Layout effect: the class must be on <body> before the first paint of a themed screen.
  useLayoutEffect(() => applyTheme(theme), [theme]);

  const setTheme = useCallback((next: Theme) => {
    writeStorage(StorageKeys.theme, next);
    setThemeState(next);
  }, []);
  const toggleTheme = useCallback(() => setTheme(theme === "dark" ? "light" : "dark"), [theme, setTheme]);

  const value = useMemo(
    () => ({ theme, isDark: theme === "dark", setTheme, toggleTheme }),
    [theme, setTheme, toggleTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme must be used inside ThemeProvider");
  return value;
}
