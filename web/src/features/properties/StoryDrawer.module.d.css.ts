declare const styles: {
  readonly "bar": string;
  readonly "drawer": string;
  readonly "frame": string;
  readonly "grip": string;
  readonly "kicker": string;
  readonly "scroll": string;
};
export = styles;

