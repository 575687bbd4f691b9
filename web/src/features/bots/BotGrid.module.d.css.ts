declare const styles: {
  readonly "empty": string;
  readonly "grid": string;
  readonly "spinner": string;
};
export = styles;

