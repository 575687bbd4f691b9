declare const styles: {
  readonly "body": string;
  readonly "card": string;
  readonly "chips": string;
  readonly "contact": string;
  readonly "image": string;
  readonly "link": string;
  readonly "noImage": string;
  readonly "price": string;
  readonly "spinner": string;
  readonly "title": string;
};
export = styles;

