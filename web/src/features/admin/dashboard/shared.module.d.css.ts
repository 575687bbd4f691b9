declare const styles: {
  readonly "head": string;
  readonly "section": string;
  readonly "subtitle": string;
  readonly "title": string;
};
export = styles;

