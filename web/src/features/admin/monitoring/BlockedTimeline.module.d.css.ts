declare const styles: {
  readonly "list": string;
  readonly "mark": string;
  readonly "none": string;
  readonly "open": string;
  readonly "reason": string;
  readonly "strip": string;
  readonly "timeline": string;
  readonly "when": string;
};
export = styles;

