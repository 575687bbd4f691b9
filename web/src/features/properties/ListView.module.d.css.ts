declare const styles: {
  readonly "actions": string;
  readonly "count": string;
  readonly "grid": string;
  readonly "list": string;
  readonly "results": string;
  readonly "sort": string;
  readonly "sortLabel": string;
  readonly "stale": string;
  readonly "state": string;
};
export = styles;

