import type { Place } from "@dirabot/api";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "../../../lib/api.ts";
import { areaTitle, codeOf } from "../../../lib/map/style.ts";
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

/** What the Map View reads: the boundaries, the listings in view, the listing whose popup is open. */
export function useMapViewData(filters: PropertyFilters, bounds: Bounds | null, openId: string | null) {
  const cities = useBoundaries("/city_boundaries.geojson");
  const hoods = useBoundaries("/hood_boundaries.geojson");
  const listings = useMapListings(filters, bounds);
  const answer = listings.data;
  const shown = useListing(openId, answer);
  const areaNames = useAreaNames(hoods.data);
  const known = useMemo(
    () => new Map<string, PropertyAsset>((answer?.assets ?? []).map((a) => [a._id, a])),
    [answer],
  );
  const error = listings.error ?? cities.error ?? hoods.error;
  return { cities, hoods, listings, answer, shown, areaNames, known, error };
}

/** Neighbourhood code → its name, from the boundary file (for the chosen area's chip). */
export function useAreaNames(geojson: unknown): ReadonlyMap<number, string> {
  return useMemo(() => {
    const names = new Map<number, string>();
    const features = (geojson as { features?: { properties?: Record<string, unknown> }[] } | undefined)
      ?.features;
    for (const f of features ?? []) {
      const code = codeOf(f.properties?.hoodCode);
      if (code !== null && f.properties) names.set(code, areaTitle(f.properties, true));
    }
    return names;
  }, [geojson]);
}
