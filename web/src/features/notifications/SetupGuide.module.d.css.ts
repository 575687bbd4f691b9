declare const styles: {
  readonly "body": string;
  readonly "callout": string;
  readonly "complete": string;
  readonly "current": string;
  readonly "done": string;
  readonly "doneReset": string;
  readonly "doneText": string;
  readonly "footer": string;
  readonly "guide": string;
  readonly "howto": string;
  readonly "number": string;
  readonly "row": string;
  readonly "skipped": string;
  readonly "spacer": string;
  readonly "step": string;
  readonly "steps": string;
  readonly "text": string;
  readonly "title": string;
  readonly "why": string;
};
export = styles;

