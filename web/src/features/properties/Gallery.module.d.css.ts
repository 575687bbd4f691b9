declare const styles: {
  readonly "active": string;
  readonly "arrow": string;
  readonly "dot": string;
  readonly "dots": string;
  readonly "edge": string;
  readonly "empty": string;
  readonly "failed": string;
  readonly "gallery": string;
  readonly "next": string;
  readonly "prev": string;
  readonly "slide": string;
  readonly "strip": string;
};
export = styles;

