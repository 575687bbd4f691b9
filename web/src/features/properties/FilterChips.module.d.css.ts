declare const styles: {
  readonly "chips": string;
};
export = styles;

