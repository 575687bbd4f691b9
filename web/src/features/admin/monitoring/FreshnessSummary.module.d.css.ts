declare const styles: {
  readonly "label": string;
  readonly "median": string;
  readonly "note": string;
  readonly "rest": string;
  readonly "window": string;
  readonly "windows": string;
};
export = styles;

