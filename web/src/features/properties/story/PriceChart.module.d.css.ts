declare const styles: {
  readonly "active": string;
  readonly "axis": string;
  readonly "below": string;
  readonly "chart": string;
  readonly "current": string;
  readonly "cursor": string;
  readonly "fillBottom": string;
  readonly "fillTop": string;
  readonly "grid": string;
  readonly "hit": string;
  readonly "line": string;
  readonly "point": string;
  readonly "tip": string;
};
export = styles;

