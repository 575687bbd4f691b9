declare const styles: {
  readonly "brand": string;
  readonly "mark": string;
  readonly "name": string;
};
export = styles;

