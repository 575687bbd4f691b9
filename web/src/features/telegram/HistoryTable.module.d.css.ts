declare const styles: {
  readonly "chat": string;
  readonly "clamped": string;
  readonly "content": string;
  readonly "empty": string;
  readonly "history": string;
  readonly "note": string;
  readonly "noteError": string;
  readonly "pager": string;
  readonly "scroll": string;
  readonly "table": string;
  readonly "toolbar": string;
  readonly "when": string;
};
export = styles;

