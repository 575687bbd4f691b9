declare const styles: {
  readonly "chart": string;
  readonly "fact": string;
  readonly "line": string;
  readonly "photo": string;
  readonly "price": string;
  readonly "row": string;
  readonly "title": string;
};
export = styles;

