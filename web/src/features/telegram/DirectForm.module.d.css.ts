declare const styles: {
  readonly "bubble": string;
  readonly "direct": string;
  readonly "placeholder": string;
  readonly "preview": string;
  readonly "title": string;
};
export = styles;

