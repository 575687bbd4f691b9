declare const styles: {
  readonly "navBadge": string;
};
export = styles;

