import { Classes, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { formatDate } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/index.ts";
import { formatPrice, roomsText } from "./format.ts";
import { Places } from "./Isolated.tsx";
import { VoteIcon } from "./MatchActions.tsx";
import styles from "./ShortlistView.module.css";
import { useOpenStory } from "./storyContext.ts";
import type { ShortlistEntry } from "./types.ts";
import { nameOf, type People } from "./votes.ts";

// The chat's shortlist: the flats with at least one 👍, by score (ups minus downs) then newest,
// each with its state now (still listed, a new price, removed), who voted what and who called.

const STATE_INTENT = { live: "success", price_changed: "warning", removed: "danger" } as const;

export function ShortlistView({
  entries,
  loading,
  failed,
  userId,
  people,
}: {
  entries: ShortlistEntry[];
  loading: boolean;
  failed: boolean;
  userId: string;
  people: People;
}) {
  const { t, i18n } = useTranslation("chats");
  const lang = i18n.language === "he" ? "he" : "en";
  const openStory = useOpenStory();
  if (loading)
    return (
      <div className={styles.center}>
        <Spinner size={32} />
      </div>
    );
  if (!entries.length)
    return (
      <NonIdealState
        className={styles.center}
        icon={failed ? "error" : "thumbs-up"}
        description={failed ? t("shortlist.loadFailed") : t("shortlist.empty")}
      />
    );
  return (
    <ol className={styles.list} aria-label={t("shortlist.label")} data-testid="shortlist">
      {entries.map(({ message, score, state, price }) => {
        const asset = message.asset;
        const title = asset?.location.trim() ? <Places raw={asset.location} /> : <bdi>{message.content}</bdi>;
        return (
          <li key={message._id} className={styles.entry} data-testid="shortlist-entry" data-state={state}>
            <div className={styles.score} title={t("shortlist.scoreLabel", { score })}>
              <span aria-hidden="true">{score > 0 ? `+${score}` : score}</span>
              <span className={styles.hidden}>{t("shortlist.scoreLabel", { score })}</span>
            </div>
            <div className={styles.body}>
              {asset && openStory ? (
                <button type="button" className={styles.title} onClick={() => openStory(asset._id)}>
                  {title}
                </button>
              ) : (
                <div className={styles.title}>{title}</div>
              )}
              <div className={styles.facts}>
                {state === "price_changed" && price !== null ? (
                  <>
                    <span className={styles.price}>{formatPrice(price)}</span>
                    {asset?.price != null ? (
                      <s className={Classes.TEXT_MUTED}>{formatPrice(asset.price)}</s>
                    ) : null}
                  </>
                ) : asset?.price != null ? (
                  <span className={styles.price}>{formatPrice(asset.price)}</span>
                ) : null}
                {asset?.rooms != null ? <span>{roomsText(asset.rooms)}</span> : null}
                <Tag minimal round intent={STATE_INTENT[state]} data-testid="shortlist-state">
                  {t(`shortlist.state.${state}`)}
                </Tag>
              </div>
              <ul className={styles.votes}>
                {message.votes.map((v) => (
                  <li key={v.userId}>
                    <VoteIcon vote={v.vote} />
                    <bdi className={styles.name}>{nameOf(people, v.userId, userId, v.fullname, t)}</bdi>
                    {v.note ? (
                      <>
                        {": "}
                        <bdi>{v.note}</bdi>
                      </>
                    ) : null}
                  </li>
                ))}
                {message.replies.map((r) => (
                  <li key={`reply-${r.userId}`} data-testid="shortlist-reply">
                    <bdi className={styles.name}>{nameOf(people, r.userId, userId, r.fullname, t)}</bdi>{" "}
                    {[
                      r.called ? t("votes.didCall") : null,
                      r.viewingOn ? t("votes.bookedOn", { date: formatDate(r.viewingOn, lang) }) : null,
                    ]
                      .filter(Boolean)
                      .join(t("votes.and"))}
                  </li>
                ))}
              </ul>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
