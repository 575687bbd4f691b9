declare const styles: {
  readonly "error": string;
  readonly "group": string;
  readonly "notify": string;
  readonly "telegram": string;
  readonly "time": string;
  readonly "times": string;
};
export = styles;

