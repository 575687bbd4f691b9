// Notification texts mix English with Hebrew place names, e.g. a match's body
// "ויטל 4, פלורנטין, תל אביב יפו · 3 rooms · ₪6,000" (services/notifications match-summary.ts). In
// one English line the bidi algorithm pulls the figures next to a Hebrew run to its wrong side
// ("₪6,000 · פלורנטין"); in one right-to-left line the English parts come out reversed. Each part
// between the " · " separators is shown in its own isolate (<bdi>) instead, ordered left to right.

export const SEPARATOR = " · ";

export function parts(text: string): string[] {
  return text.split(SEPARATOR).filter((part) => part.length > 0);
}

/**
 * A text field's direction: what was typed sets it; an empty field keeps the page's, so its
 * placeholder sits at the reader's start.
 */
export const typedDir = (value: string): "auto" | undefined => (value ? "auto" : undefined);
