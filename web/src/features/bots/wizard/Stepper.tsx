import { Icon } from "@blueprintjs/core";

// The wizard's progress line: numbered steps, done ones ticked, the current one highlighted.

export function Stepper({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className="wizard-stepper" aria-label="Steps">
      {steps.map((label, index) => {
        const state = index < current ? "done" : index === current ? "current" : "todo";
        return (
          <li
            key={label}
            className={`wizard-stepper__step wizard-stepper__step--${state}`}
            aria-current={state === "current" ? "step" : undefined}
          >
            <span className="wizard-stepper__dot">
              {state === "done" ? <Icon icon="tick" size={12} /> : index + 1}
            </span>
            <span className="wizard-stepper__label">{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
