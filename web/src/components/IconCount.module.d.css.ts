declare const styles: {
  readonly "count": string;
  readonly "host": string;
};
export = styles;

