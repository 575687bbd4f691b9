declare const styles: {
  readonly "bar": string;
  readonly "frame": string;
  readonly "main": string;
};
export = styles;

