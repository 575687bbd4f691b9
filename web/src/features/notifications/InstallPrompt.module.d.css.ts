declare const styles: {
  readonly "actions": string;
  readonly "icon": string;
  readonly "prompt": string;
  readonly "text": string;
  readonly "title": string;
};
export = styles;

