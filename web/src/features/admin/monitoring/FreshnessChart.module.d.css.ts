declare const styles: {
  readonly "axis": string;
  readonly "bar": string;
  readonly "base": string;
  readonly "chart": string;
  readonly "grid": string;
  readonly "p95": string;
  readonly "plot": string;
  readonly "slot": string;
  readonly "svg": string;
  readonly "times": string;
};
export = styles;

