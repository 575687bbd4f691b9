declare const styles: {
  readonly "dimmed": string;
  readonly "pending": string;
  readonly "picture": string;
  readonly "waiting": string;
};
export = styles;

