declare const styles: {
  readonly "dialog": string;
  readonly "heading": string;
  readonly "hint": string;
  readonly "invite": string;
  readonly "link": string;
  readonly "member": string;
  readonly "memberName": string;
  readonly "members": string;
};
export = styles;

