declare const styles: {
  readonly "bar": string;
  readonly "small": string;
  readonly "spacer": string;
};
export = styles;

