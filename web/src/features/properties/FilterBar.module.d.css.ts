declare const styles: {
  readonly "areas": string;
  readonly "available": string;
  readonly "bar": string;
  readonly "compact": string;
  readonly "field": string;
  readonly "fields": string;
  readonly "fold": string;
  readonly "input": string;
  readonly "label": string;
  readonly "price": string;
  readonly "priceNow": string;
  readonly "rooms": string;
  readonly "search": string;
  readonly "seller": string;
  readonly "slider": string;
};
export = styles;

