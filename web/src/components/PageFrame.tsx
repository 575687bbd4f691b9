import type { ReactNode } from "react";
import { Brand } from "./Brand.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";
import "./PageFrame.css";

// The full-page frame of the screens shown outside the signed-in layout (404, loading, errors, and
// later the sign-in pages): brand and theme switch in the corners, the content centred.
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="page-frame">
      <header className="page-frame__bar">
        <Brand />
        <ThemeToggle />
      </header>
      <main className="page-frame__main">{children}</main>
    </div>
  );
}
