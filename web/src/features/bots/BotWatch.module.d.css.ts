declare const styles: {
  readonly "band": string;
  readonly "chips": string;
  readonly "clip": string;
  readonly "dot": string;
  readonly "icon": string;
  readonly "line": string;
  readonly "match": string;
  readonly "more": string;
  readonly "nowrap": string;
  readonly "watch": string;
  readonly "week": string;
};
export = styles;

