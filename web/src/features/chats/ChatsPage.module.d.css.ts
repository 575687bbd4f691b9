declare const styles: {
  readonly "screen": string;
  readonly "sidebar": string;
  readonly "split": string;
};
export = styles;

