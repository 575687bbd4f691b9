import { useMemo, useRef } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { sameFilters } from "./filters.ts";
import type { MapPosition, PropertiesView, PropertyFilters, PropertySort } from "./types.ts";
import { type BrowserState, filterHistory, readState, writeState } from "./urlState.ts";

// The property browser's state lives in the address (urlState.ts); this hook reads it and names
// the changes, each with its history rule: filters, pages, views and stories are steps Back
// undoes; refining a typed search and moving the map replace the current step.

/** Set on the history entry a card's story opened, so closing it can go back instead. */
const STORY_OPENED = "propertiesStoryOpened";

export interface BrowserActions {
  setFilters: (filters: PropertyFilters) => void;
  /** A new order starts again at page 1. */
  setSort: (sort: PropertySort) => void;
  /** `replace` corrects the address (a page past the end) instead of adding a step. */
  setPage: (page: number, replace?: boolean) => void;
  setView: (view: PropertiesView) => void;
  setPosition: (position: MapPosition) => void;
  openStory: (id: string) => void;
  closeStory: () => void;
}

export function useBrowserState(): BrowserState & BrowserActions {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => readState(params), [params]);

  // The actions keep one identity for the page's life (the map view subscribes with them), and
  // read the newest state through this ref.
  const latest = useRef({ state, location });
  latest.current = { state, location };

  const actions = useMemo((): BrowserActions => {
    // The address as it is now, not as last rendered: a navigation waiting on a lazy chunk (the
    // story drawer's) has not rendered yet, and the map's position write would otherwise replace
    // it with the state from before it (a story opened, then closed by the map settling).
    const now = () => readState(new URLSearchParams(window.location.search));
    const write = (next: BrowserState, replace: boolean, opened = false) => {
      const search = writeState(next).toString();
      // The address rounds the map's position: a move within the rounding is no change.
      if (search === writeState(now()).toString()) return;
      navigate({ search }, { replace, state: opened ? { [STORY_OPENED]: true } : null });
    };
    return {
      setFilters: (filters) => {
        const s = now();
        if (sameFilters(filters, s.filters)) return;
        write({ ...s, filters, page: 1 }, filterHistory(s.filters, filters) === "replace");
      },
      setSort: (sort) => {
        if (sort !== now().sort) write({ ...now(), sort, page: 1 }, false);
      },
      setPage: (page, replace = false) => write({ ...now(), page }, replace),
      setView: (view) => {
        if (view !== now().view) write({ ...now(), view, page: 1 }, false);
      },
      setPosition: (position) => write({ ...now(), position }, true),
      openStory: (story) => write({ ...now(), story }, false, true),
      closeStory: () => {
        // Opened here: Back closes it and leaves no "open" entry ahead. Opened from a shared link:
        // drop it from the address in place.
        const opened = (latest.current.location.state as Record<string, unknown> | null)?.[STORY_OPENED];
        if (opened) navigate(-1);
        else write({ ...now(), story: null }, true);
      },
    };
  }, [navigate]);

  return { ...state, ...actions };
}
