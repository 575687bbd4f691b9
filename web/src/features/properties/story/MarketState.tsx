import { Tag } from "@blueprintjs/core";
import { formatNumber } from "../../../i18n/format.ts";
import { useTranslation } from "../../../i18n/index.ts";
import styles from "./MarketState.module.css";
import { listedText, marketDays, type MarketState as State, stateText } from "./texts.ts";

// Days on market, counted from the first sighting on any source (a relisted or duplicated flat
// keeps its age) to now or to its removal, and whether any source still shows it.

export function MarketState({
  firstSeenAt,
  state,
  now,
}: {
  firstSeenAt: string;
  state: State | null;
  now: number;
}) {
  const { t } = useTranslation("properties");
  const days = marketDays(firstSeenAt, state, now);
  return (
    <div className={styles.market} data-testid="story-market">
      <div className={styles.days}>
        <strong>{formatNumber(days)}</strong>
        <span>{t("story.days", { count: days })}</span>
      </div>
      <div className={styles.text}>
        <div>{listedText(firstSeenAt, now)}</div>
        {state ? (
          <Tag
            round
            minimal
            intent={state.live ? "success" : "none"}
            icon={state.live ? "record" : "disable"}
          >
            {stateText(state, now)}
          </Tag>
        ) : null}
      </div>
    </div>
  );
}
