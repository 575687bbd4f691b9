declare const styles: {
  readonly "count": string;
  readonly "delete": string;
  readonly "flush": string;
  readonly "search": string;
  readonly "spinner": string;
  readonly "toolbar": string;
};
export = styles;

