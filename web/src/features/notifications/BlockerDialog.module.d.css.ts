declare const styles: {
  readonly "dialog": string;
  readonly "list": string;
  readonly "reason": string;
};
export = styles;

