import { Button, NonIdealState, Spinner } from "@blueprintjs/core";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { type MatchContext, MessageItem } from "./MessageItem.tsx";
import styles from "./MessageList.module.css";
import {
  keptScrollTop,
  LOAD_DELAY_MS,
  MIN_LOAD_GAP_MS,
  mayLoadOlder,
  nearBottom,
  nearTop,
} from "./paging.ts";
import type { Message } from "./types.ts";

// The scrolling message column: starts at the newest, loads older
// pages near the top without moving what is read, follows new messages while at the bottom, and
// offers a scroll-to-bottom button when away from it.

interface Props {
  messages: Message[];
  botName: string;
  userId: string;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onStar: (message: Message) => void;
  empty: string;
  /** The starred-only view does not page (it holds every starred message). */
  paging: boolean;
  /** The match cards' votes and replies. */
  match?: MatchContext;
}

export function MessageList({
  messages,
  botName,
  userId,
  hasMore,
  loadingOlder,
  onLoadOlder,
  onStar,
  empty,
  paging,
  match,
}: Props) {
  const { t } = useTranslation("chats");
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [away, setAway] = useState(false);
  const anchor = useRef<{ scrollHeight: number; scrollTop: number } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const lastLoadAt = useRef(0);
  const edges = useRef<{ first?: string; last?: string }>({});
  const state = useRef({ hasMore, loadingOlder, paging, onLoadOlder });
  state.current = { hasMore, loadingOlder, paging, onLoadOlder };

  const toBottom = useCallback((smooth = false) => {
    const el = box.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: smooth ? "smooth" : "auto" });
  }, []);

  // After a render: older messages put above keep the view still; a new message at the end is
  // followed when the reader was at the bottom (or wrote it).
  useLayoutEffect(() => {
    const el = box.current;
    const first = messages[0]?._id;
    const last = messages.at(-1);
    const before = edges.current;
    edges.current = { first, last: last?._id };
    if (!el) return;
    if (anchor.current && first !== before.first) {
      el.scrollTop = keptScrollTop(anchor.current, el.scrollHeight);
      anchor.current = null;
    } else if (!before.last || (last?._id !== before.last && (atBottom.current || last?.pending))) {
      toBottom();
    }
  }, [messages, toBottom]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const tryLoad = () => {
    timer.current = undefined;
    const el = box.current;
    const s = state.current;
    if (!el || !s.paging) return;
    const now = Date.now();
    const wait = lastLoadAt.current + MIN_LOAD_GAP_MS - now;
    // Still at the top but within a second of the last load: try again when the second is up.
    if (wait > 0 && nearTop(el.scrollTop)) {
      timer.current = window.setTimeout(tryLoad, wait);
      return;
    }
    if (
      !mayLoadOlder({
        scrollTop: el.scrollTop,
        hasMore: s.hasMore,
        loading: s.loadingOlder,
        now,
        lastLoadAt: lastLoadAt.current,
      })
    )
      return;
    lastLoadAt.current = now;
    anchor.current = { scrollHeight: el.scrollHeight, scrollTop: el.scrollTop };
    s.onLoadOlder();
  };

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    atBottom.current = nearBottom(el);
    setAway(!atBottom.current);
    // Near the top for 500 ms: then one load, at most one a second.
    if (nearTop(el.scrollTop) && timer.current === undefined)
      timer.current = window.setTimeout(tryLoad, LOAD_DELAY_MS);
  };

  return (
    <div className={styles.wrap}>
      <div className={styles.messages} ref={box} onScroll={onScroll} data-testid="chat-messages">
        {loadingOlder ? (
          <Spinner size={20} className={styles.older} aria-label={t("pane.loadingOlder")} />
        ) : null}
        {messages.length === 0 ? (
          <NonIdealState icon="chat" description={empty} className={styles.empty} />
        ) : (
          messages.map((m) => (
            <MessageItem
              key={m.tempId ?? m._id}
              message={m}
              botName={botName}
              userId={userId}
              onStar={onStar}
              match={match}
            />
          ))
        )}
      </div>
      {away && messages.length > 0 ? (
        <Button
          className={styles.toBottom}
          icon="arrow-down"
          aria-label={t("pane.toBottom")}
          onClick={() => toBottom(true)}
        />
      ) : null}
    </div>
  );
}
