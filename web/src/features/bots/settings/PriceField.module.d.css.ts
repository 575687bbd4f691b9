declare const styles: {
  readonly "priceNow": string;
  readonly "slider": string;
};
export = styles;

