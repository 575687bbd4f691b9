declare const styles: {
  readonly "empty": string;
  readonly "group": string;
  readonly "groupSubtitle": string;
  readonly "groupTitle": string;
  readonly "list": string;
  readonly "search": string;
  readonly "sidebar": string;
  readonly "spinner": string;
};
export = styles;

