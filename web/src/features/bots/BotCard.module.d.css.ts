declare const styles: {
  readonly "actions": string;
  readonly "card": string;
  readonly "chat": string;
  readonly "lacks": string;
  readonly "lacksText": string;
  readonly "name": string;
  readonly "statLabel": string;
  readonly "stats": string;
  readonly "time": string;
  readonly "top": string;
  readonly "user": string;
};
export = styles;

