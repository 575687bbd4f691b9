declare const styles: {
  readonly "grid": string;
  readonly "main": string;
  readonly "side": string;
};
export = styles;

