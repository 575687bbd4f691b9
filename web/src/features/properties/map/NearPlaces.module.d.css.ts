declare const styles: {
  readonly "count": string;
  readonly "near": string;
  readonly "switch": string;
};
export = styles;

