declare const styles: {
  readonly "dates": string;
  readonly "facebook": string;
  readonly "item": string;
  readonly "link": string;
  readonly "mark": string;
  readonly "name": string;
  readonly "removed": string;
  readonly "sources": string;
  readonly "text": string;
  readonly "thisAd": string;
  readonly "yad2": string;
};
export = styles;

