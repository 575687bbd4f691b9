import { Button, Drawer, NonIdealState, SegmentedControl, Spinner } from "@blueprintjs/core";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useTranslation } from "../../i18n/index.ts";
import { useSavedPlaces } from "../../lib/savedPlaces.tsx";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { AddBotWizard, areaLabel, type BotPreset, shortName, useNeighborhoods } from "../bots/index.ts";
import { presetOf } from "./botPreset.ts";
import { Contained } from "./Contained.tsx";
import { ListView } from "./ListView.tsx";
import styles from "./PropertiesPage.module.css";
import type { PropertiesView } from "./types.ts";
import { useBrowserState } from "./useBrowserState.ts";

// /properties and /admin/properties: the property browser, as a list or on a
// map, its state in the address (urlState.ts). The map (OpenLayers) and a flat's story download
// the first time they are shown.

const MapView = lazy(() => import("./MapView.tsx").then((m) => ({ default: m.MapView })));
const StoryDrawer = lazy(() => import("./StoryDrawer.tsx").then((m) => ({ default: m.StoryDrawer })));

export function PropertiesPage() {
  const { t } = useTranslation("properties");
  usePageTitle(t("page.title"));
  const views = [
    { label: t("page.list"), value: "list", icon: "th" as const },
    { label: t("page.map"), value: "map", icon: "map" as const },
  ];
  const browser = useBrowserState();
  const { view, story } = browser;
  // "Near my places" of a reader without places (a shared link) is no filter: not sent, not counted.
  const hasPlaces = useSavedPlaces().length > 0;
  const filters =
    hasPlaces || browser.filters.nearKm === null ? browser.filters : { ...browser.filters, nearKm: null };
  const client = useQueryClient();
  const neighborhoods = useNeighborhoods();
  const [preset, setPreset] = useState<BotPreset | null>(null);
  // The drawer's code loads with the first story opened, then stays to animate its closing.
  const [storyUsed, setStoryUsed] = useState(story !== null);
  if (story !== null && !storyUsed) setStoryUsed(true);

  const area = neighborhoods.data?.find((o) => o.code === filters.neighborhoodCode);
  const areaName = area ? shortName(areaLabel(area)) : null;

  // Switching views clears the results and goes back to page 1.
  const switchView = (next: string) => {
    client.removeQueries({ predicate: (q) => q.queryKey[0] === "assets" && q.queryKey[1] !== "story" });
    browser.setView(next as PropertiesView);
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title={t("page.title")}
        subtitle={t("page.subtitle")}
        actions={
          <SegmentedControl
            aria-label={t("page.view")}
            options={views}
            value={view}
            onValueChange={switchView}
          />
        }
      />
      {view === "list" ? (
        <ListView
          filters={filters}
          page={browser.page}
          sort={browser.sort}
          areaName={areaName}
          onFiltersChange={browser.setFilters}
          onSort={browser.setSort}
          onPage={browser.setPage}
          onOpenStory={browser.openStory}
          onCreateBot={() => setPreset(presetOf(filters))}
        />
      ) : (
        <div className={styles.map} data-testid="map-slot">
          <Contained
            fallback={(retry) => (
              <NonIdealState
                icon="map"
                title={t("page.mapFailed")}
                action={
                  <Button icon="refresh" onClick={retry}>
                    {t("page.tryAgain")}
                  </Button>
                }
              />
            )}
          >
            <Suspense fallback={<Spinner className={styles.mapLoading} aria-label={t("page.mapLoading")} />}>
              <MapView
                filters={filters}
                onFiltersChange={browser.setFilters}
                position={browser.position}
                onPositionChange={browser.setPosition}
                onOpenStory={browser.openStory}
              />
            </Suspense>
          </Contained>
        </div>
      )}
      {storyUsed ? (
        <Contained
          resetKey={story}
          fallback={() => (
            <Drawer
              isOpen={story !== null}
              onClose={browser.closeStory}
              size={480}
              title={t("page.storyTitle")}
            >
              <NonIdealState icon="error" title={t("page.storyFailed")} />
            </Drawer>
          )}
        >
          <Suspense fallback={null}>
            <StoryDrawer assetId={story} onClose={browser.closeStory} />
          </Suspense>
        </Contained>
      ) : null}
      <AddBotWizard isOpen={preset !== null} preset={preset ?? undefined} onClose={() => setPreset(null)} />
    </div>
  );
}
