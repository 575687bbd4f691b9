import type { Place } from "@dirabot/api";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useAssetStory } from "../story/api.ts";
import { tp } from "../texts.ts";
import type { AssetPage, PropertyAsset, PropertyFilters } from "../types.ts";
import type { Bounds } from "./boundsWatch.ts";
import { mapQuery } from "./mapQuery.ts";

// The map's server calls: the boundary files, the listings in view, one listing for its popup and
// the place search. Keys start "assets" like the list's, so switching views drops them.

/** The static boundary files: fetched once, kept for the session. */
export function useBoundaries(url: "/city_boundaries.geojson" | "/hood_boundaries.geojson") {
  return useQuery({
    queryKey: ["boundaries", url],
    queryFn: async ({ signal }) => {
      const response = await fetch(url, { signal }).catch(() => null);
      if (!response?.ok) throw new Error(tp("map.loadFailed"));
      return (await response.json().catch(() => {
        throw new Error(tp("map.loadFailed"));
      })) as unknown;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The listings in the bounds the view settled on (boundsWatch.ts decides when). The last answer
 * stays drawn while the next loads, so markers never blink out during a pan.
 */
export function useMapListings(filters: PropertyFilters, bounds: Bounds | null) {
  const query = bounds ? mapQuery(filters, bounds) : null;
  return useQuery({
    queryKey: ["assets", "map", query],
    queryFn: ({ signal }) => api.get<AssetPage>("/api/assets", query ?? undefined, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * A listing for its popup: the one in the last answer when it is there, else GET /api/assets/{id}
 * (a server point carries only an id and a price). That answer is the story the drawer shows, so
 * opening it next costs nothing.
 */
export function useListing(id: string | null, answer: AssetPage | undefined) {
  const known = id ? answer?.assets.find((a) => a._id === id) : undefined;
  const fetched = useAssetStory(id && !known ? id : null);
  return {
    asset: (known ?? fetched.data ?? null) as PropertyAsset | null,
    loading: fetched.isFetching,
    error: fetched.error,
  };
}

export type { Place } from "@dirabot/api";

/** GET /api/geocode?q= (the server adds ', Israel'). */
export function usePlaceSearch() {
  return useMutation({
    mutationFn: (q: string) => api.get<Place[]>("/api/geocode", { q }),
  });
}
