declare const styles: {
  readonly "actions": string;
  readonly "bubble": string;
  readonly "callout": string;
  readonly "error": string;
  readonly "form": string;
  readonly "in": string;
  readonly "out": string;
  readonly "spinner": string;
};
export = styles;

