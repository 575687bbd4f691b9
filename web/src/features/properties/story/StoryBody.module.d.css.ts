declare const styles: {
  readonly "also": string;
  readonly "call": string;
  readonly "change": string;
  readonly "down": string;
  readonly "entry": string;
  readonly "place": string;
  readonly "price": string;
  readonly "sectionTitle": string;
  readonly "title": string;
  readonly "up": string;
};
export = styles;

