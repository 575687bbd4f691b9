declare const styles: {
  readonly "lead": string;
  readonly "message": string;
};
export = styles;

