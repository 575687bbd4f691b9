declare const styles: {
  readonly "badge": string;
  readonly "card": string;
  readonly "head": string;
  readonly "part": string;
  readonly "subhead": string;
  readonly "title": string;
};
export = styles;

