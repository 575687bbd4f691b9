declare const styles: {
  readonly "body": string;
  readonly "center": string;
  readonly "entry": string;
  readonly "facts": string;
  readonly "hidden": string;
  readonly "list": string;
  readonly "name": string;
  readonly "price": string;
  readonly "score": string;
  readonly "title": string;
  readonly "votes": string;
};
export = styles;

