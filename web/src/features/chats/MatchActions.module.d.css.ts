declare const styles: {
  readonly "actions": string;
  readonly "failed": string;
  readonly "form": string;
  readonly "grow": string;
  readonly "hidden": string;
  readonly "icon": string;
  readonly "list": string;
  readonly "name": string;
  readonly "note": string;
  readonly "row": string;
  readonly "seen": string;
  readonly "target": string;
};
export = styles;

