declare const styles: {
  readonly "badge": string;
  readonly "canvas": string;
  readonly "controls": string;
  readonly "filtersText": string;
  readonly "filtersToggle": string;
  readonly "map": string;
  readonly "panel": string;
  readonly "place": string;
  readonly "row": string;
  readonly "top": string;
};
export = styles;

