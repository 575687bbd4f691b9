declare const styles: {
  readonly "option": string;
  readonly "picker": string;
  readonly "selected": string;
};
export = styles;

