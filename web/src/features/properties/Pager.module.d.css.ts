declare const styles: {
  readonly "gap": string;
  readonly "page": string;
  readonly "pager": string;
};
export = styles;

