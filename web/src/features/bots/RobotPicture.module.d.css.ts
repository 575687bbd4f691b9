declare const styles: {
  readonly "dimmed": string;
  readonly "picture": string;
};
export = styles;

