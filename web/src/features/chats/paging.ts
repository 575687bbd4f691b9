// The pane's scroll rules: 20 a page; older pages load within
// 100 px of the top, after 500 ms there, at most one load a second; 100 px counts as "at the bottom".

export const PAGE_SIZE = 20;
export const TOP_THRESHOLD_PX = 100;
export const BOTTOM_THRESHOLD_PX = 100;
export const LOAD_DELAY_MS = 500;
export const MIN_LOAD_GAP_MS = 1000;

export const nearTop = (scrollTop: number): boolean => scrollTop <= TOP_THRESHOLD_PX;

export const nearBottom = (el: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_THRESHOLD_PX;

/** A page shorter than the page size is the oldest one. */
export const hasMoreAfter = (pageLength: number, serverHasMore = true): boolean =>
  pageLength >= PAGE_SIZE && serverHasMore;

/** Whether the pane may fetch the next older page now (the 500 ms wait is the caller's timer). */
export function mayLoadOlder(s: {
  scrollTop: number;
  hasMore: boolean;
  loading: boolean;
  now: number;
  lastLoadAt: number;
}): boolean {
  return s.hasMore && !s.loading && nearTop(s.scrollTop) && s.now - s.lastLoadAt >= MIN_LOAD_GAP_MS;
}

/** The scrollTop that keeps the same message in view after older ones were put above it. */
export const keptScrollTop = (before: { scrollHeight: number; scrollTop: number }, newHeight: number) =>
  newHeight - before.scrollHeight + before.scrollTop;
