declare const styles: {
  readonly "facts": string;
  readonly "no": string;
  readonly "unknown": string;
};
export = styles;

