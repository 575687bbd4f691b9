import { Button, Callout, Card, Classes, Elevation, Icon, type IconName } from "@blueprintjs/core";
import type { UseQueryResult } from "@tanstack/react-query";
import clsx from "clsx";
import { useTranslation } from "../../../i18n/index.ts";
import type { NewCount, UsersCount } from "./api.ts";
import styles from "./CountCards.module.css";
import shared from "./shared.module.css";
import { formatCount, newSubtitle, statsError, usersSubtitle } from "./texts.ts";
import { useDashboardCounts } from "./useDashboard.ts";

// The three count cards: a figure, what it counts, what changed today.

/** The badge's tint behind each card's icon, by the icon's intent. */
const BADGES = { primary: styles.primary, success: styles.success, warning: styles.warning };

interface CountCardProps {
  label: string;
  icon: IconName;
  intent: keyof typeof BADGES;
  value: number | undefined;
  subtitle: string | undefined;
  pending: boolean;
}

function CountCard({ label, icon, intent, value, subtitle, pending }: CountCardProps) {
  const skeleton = pending && Classes.SKELETON;
  return (
    <Card elevation={Elevation.ONE} className={styles.card} data-testid="count-card" aria-busy={pending}>
      <div className={clsx(styles.badge, BADGES[intent])} aria-hidden="true">
        <Icon icon={icon} size={22} intent={intent} />
      </div>
      <div className={styles.text}>
        <h2 className={clsx(Classes.TEXT_MUTED, styles.label)}>{label}</h2>
        <p className={clsx(styles.value, skeleton)} data-testid="count-value">
          {value === undefined ? "—" : formatCount(value)}
        </p>
        <p className={clsx(Classes.TEXT_MUTED, styles.subtitle, skeleton)} data-testid="count-subtitle">
          {subtitle ?? "\u00a0"}
        </p>
      </div>
    </Card>
  );
}

/** What each card shows of its count (Total Users, Total Bots, Total Assets). */
type Counts = ReturnType<typeof useDashboardCounts>;
const CARDS = [
  {
    label: "dashboard.totalUsers",
    icon: "people",
    intent: "primary",
    query: (c: Counts): UseQueryResult<NewCount> => c.users,
    subtitle: (d: NewCount) => usersSubtitle((d as UsersCount).bannedCount, d.createdLastDay),
  },
  {
    label: "dashboard.totalBots",
    icon: "lab-test",
    intent: "success",
    query: (c: Counts): UseQueryResult<NewCount> => c.bots,
    subtitle: (d: NewCount) => newSubtitle(d.createdLastDay),
  },
  {
    label: "dashboard.totalAssets",
    icon: "home",
    intent: "warning",
    query: (c: Counts): UseQueryResult<NewCount> => c.assets,
    subtitle: (d: NewCount) => newSubtitle(d.createdLastDay),
  },
] as const;

export function CountCards() {
  const { t } = useTranslation("admin");
  const counts = useDashboardCounts();
  const all = [counts.users, counts.bots, counts.assets];
  const failed = all.find((q) => q.isError);
  return (
    <section className={shared.section} aria-label={t("dashboard.counts")}>
      {failed ? (
        <Callout intent="danger" icon="error" className={styles.callout}>
          {statsError(failed.error)}
          <Button
            variant="minimal"
            size="small"
            icon="refresh"
            text={t("dashboard.tryAgain")}
            className={styles.calloutAction}
            onClick={() => void Promise.all(all.map((q) => q.refetch()))}
          />
        </Callout>
      ) : null}
      <div className={styles.grid}>
        {CARDS.map(({ query, subtitle, ...card }) => {
          const q = query(counts);
          return (
            <CountCard
              key={card.label}
              {...card}
              label={t(card.label)}
              value={q.data?.count}
              subtitle={q.data ? subtitle(q.data) : undefined}
              pending={q.isPending && !q.isError}
            />
          );
        })}
      </div>
    </section>
  );
}
