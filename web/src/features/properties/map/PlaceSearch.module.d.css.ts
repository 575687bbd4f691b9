declare const styles: {
  readonly "error": string;
  readonly "note": string;
  readonly "search": string;
  readonly "spinner": string;
};
export = styles;

