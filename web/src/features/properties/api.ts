import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { listQuery } from "./filters.ts";
import type { AssetPage, PropertyFilters, PropertySort } from "./types.ts";

// GET /api/assets for the list view. Every key starts with "assets"; the list's with "assets",
// "list", so switching views can drop the list's results (the map asks its own).

export const assetListKeys = ["assets", "list"] as const;

export const listAssets = (query: ReturnType<typeof listQuery>, signal?: AbortSignal) =>
  api.get<AssetPage>("/api/assets", query, signal);

/**
 * One page of the list. While the next page or filter loads, the last answer stays on screen
 * (dimmed by the caller), so the grid does not collapse into skeletons at every click.
 */
export function useAssetList(filters: PropertyFilters, page: number, limit: number, sort: PropertySort) {
  const query = listQuery(filters, page, limit, sort);
  return useQuery({
    queryKey: [...assetListKeys, query],
    queryFn: ({ signal }) => listAssets(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** An older gateway leaves totalExact out: its total was always counted. */
export const isExact = (page: AssetPage): boolean => page.pagination.totalExact !== false;
