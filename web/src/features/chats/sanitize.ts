import DOMPurify from "dompurify";

/**
 * What the input sends: passed through DOMPurify with no tags allowed, then taken as
 * text, so markup is dropped (a script with its content) while '<', '&' and quotes typed as text
 * stay what they were. Messages are shown as React text, never as HTML, either way.
 */
export function sanitizeContent(input: string): string {
  const fragment = DOMPurify.sanitize(input, {
    ALLOWED_TAGS: [],
    ALLOWED_ATTR: [],
    KEEP_CONTENT: true,
    RETURN_DOM_FRAGMENT: true,
  });
  return (fragment.textContent ?? "").trim();
}
