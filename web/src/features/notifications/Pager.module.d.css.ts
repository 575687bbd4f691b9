declare const styles: {
  readonly "pager": string;
};
export = styles;

