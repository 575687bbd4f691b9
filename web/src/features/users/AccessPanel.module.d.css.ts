declare const styles: {
  readonly "action": string;
  readonly "detail": string;
  readonly "empty": string;
  readonly "failure": string;
  readonly "heading": string;
  readonly "icon": string;
  readonly "list": string;
  readonly "name": string;
  readonly "panel": string;
  readonly "row": string;
  readonly "section": string;
  readonly "spinner": string;
  readonly "tag": string;
  readonly "text": string;
};
export = styles;

