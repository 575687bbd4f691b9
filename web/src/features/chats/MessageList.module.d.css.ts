declare const styles: {
  readonly "empty": string;
  readonly "messages": string;
  readonly "older": string;
  readonly "toBottom": string;
  readonly "wrap": string;
};
export = styles;

