import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api.ts";
import type { AssetStory } from "../types.ts";

// GET /api/assets/{id}: the listing and its story (docs/PRODUCT.md, Listings and their story). An unknown id
// answers 404 {message: 'Asset not found'}, which the drawer shows as it is.

export const assetStoryKey = (id: string) => ["assets", "story", id] as const;

export const getAssetStory = (id: string, signal?: AbortSignal) =>
  api.get<AssetStory>(`/api/assets/${encodeURIComponent(id)}`, undefined, signal);

/** A 4xx is the server's answer (not found, not allowed): asking again gives the same one. */
const retryable = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function useAssetStory(id: string | null) {
  return useQuery<AssetStory, Error>({
    queryKey: assetStoryKey(id ?? ""),
    queryFn: ({ signal }) => getAssetStory(id as string, signal),
    enabled: id !== null,
    retry: retryable,
  });
}
