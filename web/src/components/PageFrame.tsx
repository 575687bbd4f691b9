import type { ReactNode } from "react";
import { Brand } from "./Brand.tsx";
import styles from "./PageFrame.module.css";
import { ThemeToggle } from "./ThemeToggle.tsx";

// The full-page frame of the screens shown outside the signed-in layout (404, loading, errors, and
// later the sign-in pages): brand and theme switch in the corners, the content centred.
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <Brand />
        <ThemeToggle />
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
