declare const styles: {
  readonly "count": string;
  readonly "grid": string;
  readonly "list": string;
  readonly "results": string;
  readonly "stale": string;
  readonly "state": string;
};
export = styles;

