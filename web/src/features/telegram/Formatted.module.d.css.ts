declare const styles: {
  readonly "formatted": string;
};
export = styles;

