declare const styles: {
  readonly "empty": string;
  readonly "emptyIcon": string;
  readonly "image": string;
};
export = styles;

