declare const styles: {
  readonly "retry": string;
  readonly "title": string;
};
export = styles;

