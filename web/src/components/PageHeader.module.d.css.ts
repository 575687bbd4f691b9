declare const styles: {
  readonly "bar": string;
  readonly "header": string;
  readonly "regular": string;
  readonly "subtitle": string;
  readonly "title": string;
};
export = styles;

