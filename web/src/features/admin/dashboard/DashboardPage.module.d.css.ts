declare const styles: {
  readonly "page": string;
};
export = styles;

