declare const styles: {
  readonly "check": string;
  readonly "distance": string;
  readonly "empty": string;
  readonly "estimate": string;
  readonly "field": string;
  readonly "number": string;
  readonly "row": string;
  readonly "rows": string;
  readonly "slider": string;
  readonly "unit": string;
};
export = styles;

