declare const styles: {
  readonly "avatar": string;
  readonly "back": string;
  readonly "callout": string;
  readonly "chat": string;
  readonly "chats": string;
  readonly "composer": string;
  readonly "conversation": string;
  readonly "empty": string;
  readonly "failed": string;
  readonly "header": string;
  readonly "last": string;
  readonly "list": string;
  readonly "messages": string;
  readonly "meta": string;
  readonly "name": string;
  readonly "open": string;
  readonly "panel": string;
  readonly "row": string;
  readonly "search": string;
  readonly "selected": string;
  readonly "sender": string;
  readonly "text": string;
  readonly "time": string;
  readonly "title": string;
};
export = styles;

