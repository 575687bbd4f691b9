declare const styles: {
  readonly "areas": string;
  readonly "count": string;
  readonly "head": string;
  readonly "mapPlaceholder": string;
};
export = styles;

