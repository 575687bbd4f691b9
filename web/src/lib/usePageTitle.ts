import { useEffect } from "react";

/** The browser tab's title while a screen is shown, restored on leaving. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} | Dirabot`;
    return () => {
      document.title = before;
    };
  }, [title]);
}
