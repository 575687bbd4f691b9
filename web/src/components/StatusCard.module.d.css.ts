declare const styles: {
  readonly "badge": string;
  readonly "card": string;
  readonly "danger": string;
  readonly "figure": string;
  readonly "none": string;
  readonly "primary": string;
  readonly "success": string;
  readonly "warning": string;
};
export = styles;

