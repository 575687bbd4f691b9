declare const styles: {
  readonly "body": string;
  readonly "dialog": string;
  readonly "image": string;
};
export = styles;

