declare const styles: {
  readonly "avatar": string;
};
export = styles;

