declare const styles: {
  readonly "bar": string;
  readonly "spacer": string;
};
export = styles;

