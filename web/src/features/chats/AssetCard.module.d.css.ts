declare const styles: {
  readonly "action": string;
  readonly "actions": string;
  readonly "body": string;
  readonly "card": string;
  readonly "chips": string;
  readonly "contact": string;
  readonly "headline": string;
  readonly "image": string;
  readonly "noImage": string;
  readonly "opens": string;
  readonly "price": string;
  readonly "spinner": string;
  readonly "times": string;
  readonly "title": string;
};
export = styles;

