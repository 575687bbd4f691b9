declare const styles: {
  readonly "actions": string;
  readonly "item": string;
  readonly "link": string;
};
export = styles;

