declare const styles: {
  readonly "avatar": string;
  readonly "button": string;
  readonly "header": string;
  readonly "name": string;
};
export = styles;

