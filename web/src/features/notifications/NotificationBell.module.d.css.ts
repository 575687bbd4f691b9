declare const styles: {
  readonly "body": string;
  readonly "empty": string;
  readonly "enable": string;
  readonly "enableButton": string;
  readonly "error": string;
  readonly "footer": string;
  readonly "header": string;
  readonly "list": string;
  readonly "popover": string;
  readonly "spinner": string;
  readonly "title": string;
};
export = styles;

