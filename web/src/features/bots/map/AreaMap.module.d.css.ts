declare const styles: {
  readonly "canvas": string;
  readonly "credits": string;
  readonly "error": string;
  readonly "hint": string;
  readonly "loading": string;
  readonly "map": string;
};
export = styles;

