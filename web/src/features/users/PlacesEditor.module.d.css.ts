declare const styles: {
  readonly "add": string;
  readonly "editor": string;
  readonly "fields": string;
  readonly "intro": string;
  readonly "legend": string;
  readonly "map": string;
  readonly "none": string;
  readonly "point": string;
  readonly "row": string;
  readonly "rows": string;
  readonly "status": string;
};
export = styles;

