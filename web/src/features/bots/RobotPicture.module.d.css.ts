declare const styles: {
  readonly "dimmed": string;
  readonly "pending": string;
  readonly "picture": string;
};
export = styles;

