declare const styles: {
  readonly "bubble": string;
  readonly "folded": string;
  readonly "foldedText": string;
  readonly "hasAsset": string;
  readonly "message": string;
  readonly "meta": string;
  readonly "own": string;
  readonly "pending": string;
  readonly "priceDrop": string;
  readonly "sender": string;
  readonly "star": string;
  readonly "text": string;
  readonly "time": string;
  readonly "unfold": string;
};
export = styles;

