declare const styles: {
  readonly "actions": string;
  readonly "card": string;
  readonly "failed": string;
  readonly "page": string;
  readonly "saved": string;
};
export = styles;

