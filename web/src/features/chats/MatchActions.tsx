import { Button, Classes, Icon, InputGroup } from "@blueprintjs/core";
import clsx from "clsx";
import { type FormEvent, useState } from "react";
import { formatDate } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/index.ts";
import styles from "./MatchActions.module.css";
import type { Message } from "./types.ts";
import { NOTE_MAX, nameOf, type People, tally } from "./votes.ts";

// Under a match: 👍/👎 with their counts and who voted (names and notes written out, so a tap
// shows them as a hover does), the reader's note, the quick replies everyone sees ("I called",
// "Viewing booked on …") and who has seen the match. The server keeps one vote per person: a
// second tap on one's own vote takes it back.

/** A vote's sign in a list of votes, coloured as the buttons are. */
export const VoteIcon = ({ vote }: { vote: "up" | "down" }) => (
  <Icon
    icon={vote === "up" ? "thumbs-up" : "thumbs-down"}
    intent={vote === "up" ? "success" : "danger"}
    size={12}
    className={styles.icon}
    aria-hidden
  />
);

export interface MatchHandlers {
  vote(message: Message, vote: "up" | "down" | null, note: string): Promise<boolean>;
  reply(message: Message, called: boolean, viewingOn: string | null): Promise<boolean>;
}

export function MatchActions({
  message,
  userId,
  people,
  mayVote,
  handlers,
}: {
  message: Message;
  userId: string;
  people: People;
  /** Members vote; an admin reading another's chat sees the votes only. */
  mayVote: boolean;
  handlers: MatchHandlers;
}) {
  const { t, i18n } = useTranslation("chats");
  const lang = i18n.language === "he" ? "he" : "en";
  const [editing, setEditing] = useState<"note" | "viewing" | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const counts = tally(message.votes);
  const mine = message.votes.find((v) => v.userId === userId);
  const myReply = message.replies.find((r) => r.userId === userId);
  const [note, setNote] = useState(mine?.note ?? "");
  const [day, setDay] = useState(myReply?.viewingOn ?? "");
  const name = (id: string, fallback = "") => nameOf(people, id, userId, fallback, t);

  const run = async (change: () => Promise<boolean>) => {
    setBusy(true);
    const ok = await change();
    setBusy(false);
    setFailed(!ok);
    return ok;
  };
  const vote = (v: "up" | "down") =>
    run(() =>
      handlers.vote(message, mine?.vote === v ? null : v, mine?.vote === v ? "" : (mine?.note ?? note)),
    );
  const saveNote = async (e: FormEvent) => {
    e.preventDefault();
    if (mine && (await run(() => handlers.vote(message, mine.vote, note.trim())))) setEditing(null);
  };
  const saveDay = async (e: FormEvent) => {
    e.preventDefault();
    if (day && (await run(() => handlers.reply(message, myReply?.called ?? false, day)))) setEditing(null);
  };

  const seen = message.seenBy.map((id) => name(id));
  return (
    <div className={styles.actions} data-testid="match-actions">
      <div className={styles.row}>
        {(["up", "down"] as const).map((v) => (
          <Button
            key={v}
            className={styles.target}
            variant={mine?.vote === v ? "solid" : "outlined"}
            intent={mine?.vote === v ? (v === "up" ? "success" : "danger") : "none"}
            size="small"
            aria-pressed={mine?.vote === v}
            aria-label={t(`votes.${v}Label`, { count: counts[v] })}
            disabled={!mayVote || busy}
            onClick={() => void vote(v)}
            data-testid={`vote-${v}`}
          >
            <Icon icon={v === "up" ? "thumbs-up" : "thumbs-down"} aria-hidden /> {counts[v]}
          </Button>
        ))}
        {mayVote && mine ? (
          <Button
            className={styles.target}
            size="small"
            variant="minimal"
            icon="annotation"
            aria-expanded={editing === "note"}
            onClick={() => {
              setNote(mine.note);
              setEditing(editing === "note" ? null : "note");
            }}
          >
            {mine.note ? t("votes.editNote") : t("votes.addNote")}
          </Button>
        ) : null}
      </div>
      {editing === "note" ? (
        <form className={styles.form} onSubmit={saveNote}>
          <InputGroup
            size="small"
            value={note}
            maxLength={NOTE_MAX}
            placeholder={t("votes.notePlaceholder")}
            aria-label={t("votes.noteLabel")}
            dir="auto"
            autoFocus
            onValueChange={setNote}
            className={styles.grow}
          />
          <Button type="submit" size="small" intent="primary" className={styles.target} loading={busy}>
            {t("votes.save")}
          </Button>
        </form>
      ) : null}
      {message.votes.length ? (
        <ul className={styles.list} aria-label={t("votes.who")}>
          {message.votes.map((v) => (
            <li key={v.userId} data-testid="vote">
              <VoteIcon vote={v.vote} />
              <bdi className={styles.name}>{name(v.userId, v.fullname)}</bdi>
              <span className={styles.hidden}>
                {v.vote === "up" ? t("votes.votedUp") : t("votes.votedDown")}
              </span>
              {v.note ? (
                <>
                  {": "}
                  <bdi className={styles.note}>{v.note}</bdi>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.row}>
        <Button
          className={styles.target}
          size="small"
          variant={myReply?.called ? "solid" : "minimal"}
          icon="phone"
          aria-pressed={Boolean(myReply?.called)}
          disabled={!mayVote || busy}
          onClick={() =>
            void run(() => handlers.reply(message, !myReply?.called, myReply?.viewingOn ?? null))
          }
        >
          {t("votes.called")}
        </Button>
        {myReply?.viewingOn ? (
          <Button
            className={styles.target}
            size="small"
            variant="solid"
            icon="calendar"
            endIcon="cross"
            aria-label={t("votes.clearViewing", { date: formatDate(myReply.viewingOn, lang) })}
            disabled={!mayVote || busy}
            onClick={() => void run(() => handlers.reply(message, myReply.called, null))}
          >
            {t("votes.viewingOn", { date: formatDate(myReply.viewingOn, lang) })}
          </Button>
        ) : (
          <Button
            className={styles.target}
            size="small"
            variant="minimal"
            icon="calendar"
            aria-expanded={editing === "viewing"}
            disabled={!mayVote}
            onClick={() => setEditing(editing === "viewing" ? null : "viewing")}
          >
            {t("votes.viewing")}
          </Button>
        )}
      </div>
      {editing === "viewing" ? (
        <form className={styles.form} onSubmit={saveDay}>
          <InputGroup
            size="small"
            type="date"
            value={day}
            aria-label={t("votes.viewingDay")}
            onValueChange={setDay}
            className={styles.grow}
          />
          <Button
            type="submit"
            size="small"
            intent="primary"
            className={styles.target}
            disabled={!day}
            loading={busy}
          >
            {t("votes.save")}
          </Button>
        </form>
      ) : null}
      {message.replies.length ? (
        <ul className={styles.list} aria-label={t("votes.replies")}>
          {message.replies.map((r) => (
            <li key={r.userId} data-testid="quick-reply">
              <bdi className={styles.name}>{name(r.userId, r.fullname)}</bdi>{" "}
              {[
                r.called ? t("votes.didCall") : null,
                r.viewingOn ? t("votes.bookedOn", { date: formatDate(r.viewingOn, lang) }) : null,
              ]
                .filter(Boolean)
                .join(t("votes.and"))}
            </li>
          ))}
        </ul>
      ) : null}
      {seen.length ? (
        <div className={clsx(Classes.TEXT_MUTED, styles.seen)} data-testid="seen-by">
          <span aria-hidden="true">✓✓ </span>
          {t("votes.seenBy", { names: seen.join(t("votes.comma")) })}
        </div>
      ) : null}
      {failed ? (
        <div className={clsx(Classes.INTENT_DANGER, styles.failed)} role="alert">
          {t("votes.failed")}
        </div>
      ) : null}
    </div>
  );
}
