declare const styles: {
  readonly "grid": string;
  readonly "section": string;
};
export = styles;

