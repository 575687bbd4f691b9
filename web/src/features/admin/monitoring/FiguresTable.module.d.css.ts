declare const styles: {
  readonly "sr": string;
  readonly "table": string;
};
export = styles;

