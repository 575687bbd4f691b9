declare const styles: {
  readonly "list": string;
  readonly "listEmpty": string;
  readonly "listError": string;
  readonly "listHeader": string;
  readonly "listSpinner": string;
  readonly "page": string;
};
export = styles;

