declare const styles: {
  readonly "above": string;
  readonly "below": string;
  readonly "legend": string;
  readonly "marker": string;
  readonly "median": string;
  readonly "scale": string;
  readonly "signal": string;
  readonly "text": string;
};
export = styles;

