declare const styles: {
  readonly "form": string;
  readonly "hint": string;
  readonly "outcome": string;
  readonly "title": string;
};
export = styles;

