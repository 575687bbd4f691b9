declare const styles: {
  readonly "active": string;
  readonly "bottom": string;
  readonly "item": string;
  readonly "name": string;
  readonly "preview": string;
  readonly "text": string;
  readonly "time": string;
  readonly "top": string;
};
export = styles;

