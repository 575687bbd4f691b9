declare const styles: {
  readonly "empty": string;
  readonly "photos": string;
  readonly "source": string;
};
export = styles;

