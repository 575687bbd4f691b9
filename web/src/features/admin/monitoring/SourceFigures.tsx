import { Button, Callout, Classes } from "@blueprintjs/core";
import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { useTranslation } from "../../../i18n/index.ts";
import shared from "../dashboard/shared.module.css";
import { fetchFigures, figuresKey } from "./api.ts";
import { SourceCard, SourceCardSkeleton } from "./SourceCard.tsx";
import styles from "./SourceFigures.module.css";
import { clockTime } from "./texts.ts";

// The operator's figures, under the service cards: per source what its runs saw in the
// last hour and day, blocked periods, and how fast new flats reach their first matched chat — the
// services' own measurements (GET /api/status/figures), refreshed every minute. A section of the
// dashboard page, so it takes the page's section and its head (dashboard/shared.module.css).

const REFRESH_MS = 60_000;

export function SourceFigures() {
  const { t } = useTranslation("admin");
  const q = useQuery({ queryKey: figuresKey, queryFn: () => fetchFigures(), refetchInterval: REFRESH_MS });
  const now = q.data ? Date.parse(q.data.measuredAt) : Date.now();
  return (
    <section className={clsx(shared.section, styles.section)} aria-labelledby="source-figures">
      <header className={shared.head}>
        <div>
          <h2 id="source-figures" className={clsx(Classes.HEADING, shared.title)}>
            {t("figures.title")}
          </h2>
          <p className={clsx(Classes.TEXT_MUTED, shared.subtitle)}>
            {q.data ? t("figures.measured", { time: clockTime(now) }) : t("figures.intro")}
          </p>
        </div>
        <Button
          icon="refresh"
          text={t("figures.reload")}
          variant="minimal"
          loading={q.isFetching}
          onClick={() => q.refetch()}
        />
      </header>
      {q.isError && !q.data ? (
        <Callout intent="danger" icon="error" title={t("figures.loadFailed")}>
          {q.error instanceof Error ? q.error.message : null}
        </Callout>
      ) : null}
      <div className={styles.grid}>
        {q.data
          ? q.data.sources.map((s) => <SourceCard key={s.name} source={s} now={now} />)
          : q.isPending
            ? [0, 1, 2].map((i) => <SourceCardSkeleton key={i} />)
            : null}
      </div>
    </section>
  );
}
