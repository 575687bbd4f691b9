declare const styles: {
  readonly "area": string;
  readonly "bar": string;
  readonly "body": string;
  readonly "close": string;
  readonly "facts": string;
  readonly "per": string;
  readonly "photo": string;
  readonly "photoNone": string;
  readonly "price": string;
  readonly "source": string;
  readonly "state": string;
  readonly "where": string;
};
export = styles;

