declare const styles: {
  readonly "band": string;
  readonly "done": string;
  readonly "group": string;
  readonly "lead": string;
  readonly "method": string;
  readonly "methodIcon": string;
  readonly "methodText": string;
  readonly "methods": string;
  readonly "search": string;
};
export = styles;

