declare const styles: {
  readonly "expiry": string;
  readonly "result": string;
};
export = styles;

