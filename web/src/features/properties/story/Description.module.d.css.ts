declare const styles: {
  readonly "clamped": string;
  readonly "description": string;
};
export = styles;

