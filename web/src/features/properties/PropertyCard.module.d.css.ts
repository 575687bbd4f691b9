declare const styles: {
  readonly "age": string;
  readonly "badge": string;
  readonly "badgeNew": string;
  readonly "badges": string;
  readonly "body": string;
  readonly "card": string;
  readonly "entry": string;
  readonly "fact": string;
  readonly "facts": string;
  readonly "footer": string;
  readonly "link": string;
  readonly "links": string;
  readonly "media": string;
  readonly "meta": string;
  readonly "per": string;
  readonly "price": string;
  readonly "priceNone": string;
  readonly "skeleton": string;
  readonly "skeletonLine": string;
  readonly "skeletonPrice": string;
  readonly "skeletonShort": string;
  readonly "source": string;
  readonly "title": string;
  readonly "top": string;
};
export = styles;

