declare const styles: {
  readonly "badge": string;
  readonly "callout": string;
  readonly "calloutAction": string;
  readonly "card": string;
  readonly "grid": string;
  readonly "label": string;
  readonly "primary": string;
  readonly "subtitle": string;
  readonly "success": string;
  readonly "text": string;
  readonly "value": string;
  readonly "warning": string;
};
export = styles;

