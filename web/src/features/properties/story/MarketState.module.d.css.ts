declare const styles: {
  readonly "days": string;
  readonly "market": string;
  readonly "text": string;
};
export = styles;

