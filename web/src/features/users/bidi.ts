// User data inside a plain-text label (aria-label, title, alt) sits in a Unicode first-strong
// isolate, so a Hebrew name in an English label (or the reverse) keeps its own direction.

const FSI = "\u2068";
const PDI = "\u2069";

export const isolate = (text: string): string => `${FSI}${text}${PDI}`;

/**
 * A field holding a name takes its text's direction ("auto"); an empty one keeps the page's, since
 * the browser would make an empty "auto" field left to right.
 */
export const textDir = (value: string): "auto" | undefined => (value.trim() ? "auto" : undefined);
