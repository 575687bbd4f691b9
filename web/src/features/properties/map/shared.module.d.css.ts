declare const styles: {
  readonly "popup": string;
};
export = styles;

