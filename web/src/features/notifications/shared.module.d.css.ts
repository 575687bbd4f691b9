declare const styles: {
  readonly "list": string;
  readonly "listEmpty": string;
  readonly "listError": string;
  readonly "listHeader": string;
  readonly "listSpinner": string;
  readonly "page": string;
  readonly "pageHeader": string;
  readonly "pageSubtitle": string;
  readonly "pageTitle": string;
};
export = styles;

