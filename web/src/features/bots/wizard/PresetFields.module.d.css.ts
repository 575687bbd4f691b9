declare const styles: {
  readonly "head": string;
  readonly "line": string;
  readonly "note": string;
  readonly "preset": string;
  readonly "title": string;
};
export = styles;

