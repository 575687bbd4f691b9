import type { ReactNode } from "react";
import { Brand } from "./Brand.tsx";
import { LanguagePicker } from "./LanguagePicker.tsx";
import styles from "./PageFrame.module.css";
import { ThemeToggle } from "./ThemeToggle.tsx";

// The full-page frame of the screens shown outside the signed-in layout (404, loading, errors, and
// the sign-in pages): brand in one corner, language and theme in the other, the content centred.
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <Brand />
        <span className={styles.corner}>
          <LanguagePicker minimal />
          <ThemeToggle />
        </span>
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
