// The list's pages: 10 cards a page on medium screens, 12 otherwise, and which page
// buttons the pager shows.

/** Medium screens (900–1199 px wide), where the grid has two columns: five rows of two. */
export const MEDIUM_SCREEN = "(min-width: 900px) and (max-width: 1199.98px)";

export const pageSize = (medium: boolean): number => (medium ? 10 : 12);

export type PageItem = number | "gap";

/**
 * The buttons between Previous and Next: the first page, the current one with a neighbour on each
 * side, and the last, with a gap where pages are skipped ('1 … 4 5 6 … 20'). When the total is an
 * estimate the last page is not known, so the list ends in a gap after the current page's
 * neighbour instead of a number that might not exist.
 */
export function pageItems(current: number, pages: number, exact: boolean): PageItem[] {
  const last = Math.max(1, pages);
  const shown = new Set<number>([1, current - 1, current, current + 1]);
  if (exact) shown.add(last);
  const numbers = [...shown]
    .filter((n) => n >= 1 && (n <= last || (!exact && n <= current + 1)))
    .sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of numbers) {
    // A gap of exactly one page shows that page instead of an ellipsis.
    if (n === previous + 2) items.push(previous + 1);
    else if (n > previous + 2) items.push("gap");
    items.push(n);
    previous = n;
  }
  if (!exact && previous < last) items.push("gap");
  return items;
}

/**
 * Whether there is a page after `page`: by the count when it is exact, else by whether this page
 * came back full (an estimate may be off either way).
 */
export function hasNextPage(page: number, pages: number, exact: boolean, received: number, limit: number) {
  return exact ? page < pages : received >= limit;
}
