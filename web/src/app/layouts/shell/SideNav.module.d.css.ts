declare const styles: {
  readonly "account": string;
  readonly "active": string;
  readonly "avatar": string;
  readonly "brand": string;
  readonly "email": string;
  readonly "footer": string;
  readonly "item": string;
  readonly "items": string;
  readonly "name": string;
  readonly "nav": string;
  readonly "roles": string;
  readonly "section": string;
  readonly "who": string;
};
export = styles;

