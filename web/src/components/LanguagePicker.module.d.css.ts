declare const styles: {
  readonly "picker": string;
};
export = styles;

