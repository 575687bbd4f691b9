declare const styles: {
  readonly "names": string;
  readonly "subtitle": string;
};
export = styles;

