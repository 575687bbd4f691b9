declare const styles: {
  readonly "warnings": string;
};
export = styles;

