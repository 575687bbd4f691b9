import { Icon } from "@blueprintjs/core";
import clsx from "clsx";
import { formatNumber } from "../../../i18n/format.ts";
import { useTranslation } from "../../../i18n/index.ts";
import styles from "./Stepper.module.css";

// The wizard's progress line: numbered steps, done ones ticked, the current one highlighted.

export function Stepper({ steps, current }: { steps: readonly string[]; current: number }) {
  const { t } = useTranslation("bots");
  return (
    <ol className={styles.stepper} aria-label={t("wizard.steps")}>
      {steps.map((label, index) => {
        const state = index < current ? "done" : index === current ? "current" : "todo";
        return (
          <li
            key={label}
            className={clsx(
              styles.step,
              state === "current" && styles.current,
              state === "done" && styles.done,
            )}
            aria-current={state === "current" ? "step" : undefined}
          >
            <span className={styles.dot}>
              {state === "done" ? <Icon icon="tick" size={12} /> : formatNumber(index + 1)}
            </span>
            <span className={styles.label}>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
