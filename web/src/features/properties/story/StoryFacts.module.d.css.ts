declare const styles: {
  readonly "actions": string;
  readonly "changeIcon": string;
  readonly "changes": string;
  readonly "item": string;
  readonly "link": string;
};
export = styles;

