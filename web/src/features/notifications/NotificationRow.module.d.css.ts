declare const styles: {
  readonly "body": string;
  readonly "dot": string;
  readonly "meta": string;
  readonly "owner": string;
  readonly "roomy": string;
  readonly "row": string;
  readonly "text": string;
  readonly "title": string;
  readonly "unread": string;
};
export = styles;

