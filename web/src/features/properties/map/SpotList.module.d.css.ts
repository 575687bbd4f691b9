declare const styles: {
  readonly "head": string;
  readonly "list": string;
  readonly "meta": string;
  readonly "place": string;
  readonly "price": string;
  readonly "rooms": string;
  readonly "row": string;
  readonly "rows": string;
};
export = styles;

