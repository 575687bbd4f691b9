declare const styles: {
  readonly "filter": string;
  readonly "list": string;
};
export = styles;

