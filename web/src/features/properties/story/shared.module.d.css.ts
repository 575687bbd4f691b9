declare const styles: {
  readonly "body": string;
  readonly "facts": string;
  readonly "head": string;
  readonly "listingFacts": string;
  readonly "listingWarnings": string;
  readonly "section": string;
  readonly "visuallyHidden": string;
};
export = styles;

