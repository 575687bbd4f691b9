declare const styles: {
  readonly "dialog": string;
  readonly "error": string;
};
export = styles;

