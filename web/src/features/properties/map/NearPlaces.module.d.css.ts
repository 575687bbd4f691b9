declare const styles: {
  readonly "count": string;
  readonly "inline": string;
  readonly "near": string;
  readonly "switch": string;
};
export = styles;

