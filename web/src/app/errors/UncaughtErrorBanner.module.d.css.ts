declare const styles: {
  readonly "banner": string;
  readonly "callout": string;
  readonly "message": string;
};
export = styles;

