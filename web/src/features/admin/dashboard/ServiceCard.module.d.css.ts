declare const styles: {
  readonly "badge": string;
  readonly "card": string;
  readonly "checked": string;
  readonly "detail": string;
  readonly "foot": string;
  readonly "head": string;
  readonly "names": string;
  readonly "offline": string;
  readonly "preview": string;
  readonly "reason": string;
  readonly "tag": string;
  readonly "title": string;
};
export = styles;

