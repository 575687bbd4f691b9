declare const styles: {
  readonly "done": string;
  readonly "group": string;
  readonly "method": string;
  readonly "methodIcon": string;
  readonly "methodText": string;
  readonly "methods": string;
};
export = styles;

