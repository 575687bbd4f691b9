declare const styles: {
  readonly "header": string;
  readonly "map": string;
  readonly "mapLoading": string;
  readonly "page": string;
  readonly "subtitle": string;
  readonly "title": string;
};
export = styles;

