declare const styles: {
  readonly "empty": string;
  readonly "error": string;
  readonly "loading": string;
  readonly "pane": string;
};
export = styles;

