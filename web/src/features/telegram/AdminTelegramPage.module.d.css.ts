declare const styles: {
  readonly "card": string;
  readonly "page": string;
  readonly "section": string;
};
export = styles;

