declare const styles: {
  readonly "header": string;
  readonly "page": string;
  readonly "subtitle": string;
  readonly "title": string;
};
export = styles;

