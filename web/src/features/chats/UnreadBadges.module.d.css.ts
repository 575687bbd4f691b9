declare const styles: {
  readonly "button": string;
  readonly "count": string;
  readonly "navBadge": string;
};
export = styles;

