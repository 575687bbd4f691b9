declare const styles: {
  readonly "times": string;
};
export = styles;

