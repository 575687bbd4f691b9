declare const styles: {
  readonly "bot": string;
  readonly "icon": string;
  readonly "item": string;
  readonly "list": string;
};
export = styles;

