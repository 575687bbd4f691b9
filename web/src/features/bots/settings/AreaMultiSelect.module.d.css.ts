declare const styles: {
  readonly "menu": string;
};
export = styles;

