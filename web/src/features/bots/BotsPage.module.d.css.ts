declare const styles: {
  readonly "fab": string;
  readonly "fabButton": string;
};
export = styles;

