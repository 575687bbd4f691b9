declare const styles: {
  readonly "area": string;
  readonly "error": string;
  readonly "pill": string;
  readonly "status": string;
};
export = styles;

