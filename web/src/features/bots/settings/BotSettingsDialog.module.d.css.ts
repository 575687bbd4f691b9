declare const styles: {
  readonly "dialog": string;
  readonly "error": string;
  readonly "errors": string;
  readonly "mono": string;
  readonly "row": string;
};
export = styles;

