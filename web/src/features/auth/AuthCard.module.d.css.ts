declare const styles: {
  readonly "actions": string;
  readonly "back": string;
  readonly "callout": string;
  readonly "card": string;
  readonly "divider": string;
  readonly "hint": string;
  readonly "names": string;
  readonly "row": string;
  readonly "subtitle": string;
  readonly "title": string;
};
export = styles;

