declare const styles: {
  readonly "feature": string;
  readonly "icon": string;
  readonly "invite": string;
  readonly "match": string;
  readonly "password": string;
  readonly "system": string;
  readonly "verified": string;
};
export = styles;

