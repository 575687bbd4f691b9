declare const styles: {
  readonly "tooltip": string;
};
export = styles;

