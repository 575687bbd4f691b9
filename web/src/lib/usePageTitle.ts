import { useEffect } from "react";

/** The browser tab's title while a screen is shown (SPEC §2 "Page title"), restored on leaving. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} | Dirabot`;
    return () => {
      document.title = before;
    };
  }, [title]);
}
