declare const styles: {
  readonly "bar": string;
  readonly "corner": string;
  readonly "frame": string;
  readonly "main": string;
};
export = styles;

