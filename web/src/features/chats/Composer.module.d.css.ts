declare const styles: {
  readonly "composer": string;
};
export = styles;

