declare const styles: {
  readonly "distances": string;
  readonly "line": string;
  readonly "lines": string;
  readonly "minutes": string;
};
export = styles;

