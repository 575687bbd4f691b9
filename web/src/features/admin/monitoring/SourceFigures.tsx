import { Button, Callout, Card, Classes, Elevation } from "@blueprintjs/core";
import { useQuery } from "@tanstack/react-query";
import { fetchFigures, figuresKey } from "./api.ts";
import { SourceCard } from "./SourceCard.tsx";
import { clockTime } from "./texts.ts";
import "./monitoring.css";

// The operator's figures (issue 14), under the service cards: per source what its runs saw in the
// last hour and day, blocked periods, and how fast new flats reach their first matched chat — the
// services' own measurements (GET /api/status/figures), refreshed every minute. A section of the
// dashboard page, so it takes the page's section head (dashboard.css).

const REFRESH_MS = 60_000;

export function SourceFigures() {
  const q = useQuery({ queryKey: figuresKey, queryFn: () => fetchFigures(), refetchInterval: REFRESH_MS });
  const now = q.data ? Date.parse(q.data.measuredAt) : Date.now();
  return (
    <section className="dashboard-section monitoring-section" aria-labelledby="source-figures">
      <header className="dashboard-section__head">
        <div>
          <h2 id="source-figures" className={`${Classes.HEADING} dashboard-section__title`}>
            Source Figures
          </h2>
          <p className={`${Classes.TEXT_MUTED} dashboard-section__subtitle`}>
            {q.data ? `Measured ${clockTime(now)} · every minute` : "What each source brought, and how fast"}
          </p>
        </div>
        <Button
          icon="refresh"
          text="Reload"
          variant="minimal"
          loading={q.isFetching}
          onClick={() => q.refetch()}
        />
      </header>
      {q.isError && !q.data ? (
        <Callout intent="danger" icon="error" title="Failed to load the source figures">
          {q.error instanceof Error ? q.error.message : null}
        </Callout>
      ) : null}
      <div className="figures-grid">
        {q.data
          ? q.data.sources.map((s) => <SourceCard key={s.name} source={s} now={now} />)
          : q.isPending
            ? [0, 1, 2].map((i) => (
                <Card
                  key={i}
                  elevation={Elevation.ONE}
                  className={`figures-card ${Classes.SKELETON}`}
                  aria-busy
                />
              ))
            : null}
      </div>
    </section>
  );
}
