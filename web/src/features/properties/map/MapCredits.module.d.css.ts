declare const styles: {
  readonly "credits": string;
};
export = styles;

