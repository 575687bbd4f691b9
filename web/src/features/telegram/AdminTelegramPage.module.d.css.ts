declare const styles: {
  readonly "card": string;
  readonly "page": string;
  readonly "section": string;
  readonly "subtitle": string;
  readonly "title": string;
};
export = styles;

