declare const styles: {
  readonly "body": string;
  readonly "drop": string;
  readonly "flat": string;
  readonly "icon": string;
  readonly "text": string;
};
export = styles;

