declare const styles: {
  readonly "dialog": string;
  readonly "expiry": string;
  readonly "result": string;
};
export = styles;

