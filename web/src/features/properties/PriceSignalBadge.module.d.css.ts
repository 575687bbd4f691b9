declare const styles: {
  readonly "above": string;
  readonly "at": string;
  readonly "below": string;
  readonly "signal": string;
  readonly "target": string;
  readonly "tip": string;
};
export = styles;

