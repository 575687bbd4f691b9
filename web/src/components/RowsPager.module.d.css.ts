declare const styles: {
  readonly "pager": string;
  readonly "size": string;
};
export = styles;

