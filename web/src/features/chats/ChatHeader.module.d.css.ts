declare const styles: {
  readonly "connected": string;
  readonly "connection": string;
  readonly "header": string;
  readonly "subtitle": string;
  readonly "title": string;
  readonly "who": string;
  readonly "wide": string;
};
export = styles;

