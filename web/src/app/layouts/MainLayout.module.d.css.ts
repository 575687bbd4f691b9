declare const styles: {
  readonly "body": string;
  readonly "content": string;
  readonly "layout": string;
  readonly "nav": string;
};
export = styles;

