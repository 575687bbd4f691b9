declare const styles: {
  readonly "map": string;
  readonly "mapLoading": string;
  readonly "page": string;
};
export = styles;

