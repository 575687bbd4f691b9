declare const styles: {
  readonly "note": string;
  readonly "tooltip": string;
  readonly "warn": string;
};
export = styles;

