declare const styles: {
  readonly "actions": string;
  readonly "check": string;
  readonly "name": string;
  readonly "narrowEmail": string;
  readonly "scroll": string;
  readonly "sort": string;
  readonly "sortIdle": string;
  readonly "table": string;
  readonly "tag": string;
  readonly "who": string;
  readonly "wide": string;
};
export = styles;

