declare const styles: {
  readonly "current": string;
  readonly "done": string;
  readonly "dot": string;
  readonly "label": string;
  readonly "step": string;
  readonly "stepper": string;
};
export = styles;

