import { Callout, Classes, Spinner } from "@blueprintjs/core";
import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { useEffect, useRef, useState } from "react";
import { i18n, useTranslation } from "../../../i18n/index.ts";
import { BOUNDARY_CREDITS, TILE_CREDITS } from "../../../lib/map/tiles.ts";
import { useTheme } from "../../../lib/theme.tsx";
import styles from "./AreaMap.module.css";
import { type AreaMapHandle, createAreaMap } from "./createAreaMap.ts";

// The area picker: 400 px high, the boundaries of
// /hood_boundaries.geojson, a click toggles an area, hover names it, tiles follow the theme.

async function loadBoundaries(): Promise<unknown> {
  const response = await fetch("/hood_boundaries.geojson").catch(() => null);
  if (!response?.ok) throw new Error(i18n.t("bots:api.mapFailed"));
  return response.json().catch(() => {
    throw new Error(i18n.t("bots:api.mapFailed"));
  });
}

interface Props {
  selected: readonly number[];
  onToggle: (code: number) => void;
}

export function AreaMap({ selected, onToggle }: Props) {
  const { t } = useTranslation("bots");
  const { isDark } = useTheme();
  const target = useRef<HTMLDivElement>(null);
  const handle = useRef<AreaMapHandle | null>(null);
  const [ready, setReady] = useState(false);
  const [namesShown, setNamesShown] = useState(true);
  const boundaries = useQuery({
    queryKey: ["hood_boundaries"],
    queryFn: loadBoundaries,
    staleTime: Number.POSITIVE_INFINITY,
  });

  // Created once; later values reach it through the effects below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first values only seed the map.
  useEffect(() => {
    if (!target.current) return;
    const map = createAreaMap(target.current, {
      selected,
      dark: isDark,
      onToggle,
      onReady: () => setReady(true),
      onNames: setNamesShown,
      zoomLabels: { in: t("areas.zoomIn"), out: t("areas.zoomOut") },
    });
    handle.current = map;
    return () => {
      handle.current = null;
      map.dispose();
    };
  }, []);
  useEffect(() => {
    if (boundaries.data) handle.current?.setBoundaries(boundaries.data);
  }, [boundaries.data]);
  useEffect(() => handle.current?.setSelected(selected), [selected]);
  useEffect(() => handle.current?.setDark(isDark), [isDark]);
  useEffect(() => handle.current?.setOnToggle(onToggle), [onToggle]);

  return (
    <div className={styles.map}>
      {namesShown ? null : (
        <div className={styles.hint} role="status">
          {t("areas.mapHint")}
        </div>
      )}
      <div
        ref={target}
        className={styles.canvas}
        data-testid="area-map"
        data-ready={ready ? "true" : "false"}
        role="application"
        aria-label={t("areas.map")}
      />
      {boundaries.isPending ? <Spinner className={styles.loading} size={32} /> : null}
      {boundaries.isError ? (
        <Callout intent="danger" icon="error" role="alert" className={styles.error}>
          {boundaries.error.message}
        </Callout>
      ) : null}
      <footer className={clsx(Classes.TEXT_MUTED, styles.credits)}>
        {TILE_CREDITS.map((credit) => (
          <a key={credit.href} href={credit.href} target="_blank" rel="noreferrer">
            {credit.label}
          </a>
        ))}
        <span dir="rtl">{BOUNDARY_CREDITS}</span>
      </footer>
    </div>
  );
}
