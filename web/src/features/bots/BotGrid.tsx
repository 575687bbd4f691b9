import { Classes, NonIdealState, Spinner } from "@blueprintjs/core";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { useAuth } from "../auth/index.ts";
import type { Bot } from "./api.ts";
import { BotCard } from "./BotCard.tsx";
import styles from "./BotGrid.module.css";
import { DeleteBotAlert } from "./DeleteBotAlert.tsx";
import { ShareDialog } from "./ShareDialog.tsx";

// The cards (6/3/3 of 12 columns at xs/sm/md), and the settings dialog and delete alert
// they open. Shared by My Bots and the admin's every-user list.

// The settings dialog brings the map code with it only when a card is first opened.
const BotSettingsDialog = lazy(() =>
  import("./settings/BotSettingsDialog.tsx").then((m) => ({ default: m.BotSettingsDialog })),
);

interface Props {
  bots: Bot[] | undefined;
  pending: boolean;
  error: Error | null;
  /** The empty state's text; My Bots has its fixed one, the admin list its own. */
  emptyText?: string;
  /** Each card links to its bot's chat and offers Share (My Bots: the caller's own and shared ones). */
  chatLinks?: boolean;
}

export function BotGrid({ bots, pending, error, emptyText, chatLinks = false }: Props) {
  const { t } = useTranslation("bots");
  const [editing, setEditing] = useState<{ bot: Bot; areas: boolean } | null>(null);
  const [deleting, setDeleting] = useState<Bot | null>(null);
  const [sharing, setSharing] = useState<Bot | null>(null);
  const me = useAuth().user?._id;
  const areasLabel = t("areas.label");
  const searchLabel = t("areas.search");
  useEffect(
    () => (editing?.areas ? focusAreasWhenShown(areasLabel, searchLabel) : undefined),
    [editing, areasLabel, searchLabel],
  );

  if (pending) return <Spinner className={styles.spinner} aria-label={t("grid.loading")} />;
  if (error) return <NonIdealState icon="error" title={t("grid.failed")} description={error.message} />;
  if (!bots?.length)
    return (
      <NonIdealState
        className={styles.empty}
        icon="predictive-analysis"
        title={t("grid.emptyTitle")}
        description={emptyText ?? t("grid.empty")}
      />
    );

  return (
    <>
      <div className={styles.grid}>
        {bots.map((bot) => (
          <BotCard
            key={bot._id}
            bot={bot}
            onEdit={(b) => setEditing({ bot: b, areas: false })}
            onChooseAreas={(b) => setEditing({ bot: b, areas: true })}
            onDelete={setDeleting}
            chatLink={chatLinks}
            onShare={setSharing}
            me={chatLinks ? me : undefined}
          />
        ))}
      </div>
      {editing ? (
        <Suspense fallback={null}>
          <BotSettingsDialog bot={editing.bot} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      <DeleteBotAlert bot={deleting} onClose={() => setDeleting(null)} />
      {sharing && me ? (
        <ShareDialog
          bot={bots.find((b) => b._id === sharing._id) ?? sharing}
          me={me}
          onClose={() => setSharing(null)}
        />
      ) : null}
    </>
  );
}

/**
 * "Choose areas" opens Bot Settings as the card does, then takes the reader to its areas field:
 * its search box gets the focus once the dialog (fetched on first use) is on screen. Found by the
 * section's and the box's own labels, as a reader finds them. Answers the way to stop looking.
 */
function focusAreasWhenShown(sectionLabel: string, searchLabel: string): () => void {
  let frame = 0;
  let tries = 0;
  const look = () => {
    const dialog = document.querySelector(`.${Classes.DIALOG}`);
    const input =
      dialog?.querySelector<HTMLInputElement>(`section[aria-label="${CSS.escape(sectionLabel)}"] input`) ??
      dialog?.querySelector<HTMLInputElement>(`input[aria-label="${CSS.escape(searchLabel)}"]`);
    if (input) {
      input.scrollIntoView({ block: "center" });
      input.focus();
      return;
    }
    // About 5 s of frames: the dialog's code may still be downloading.
    if (++tries < 300) frame = requestAnimationFrame(look);
  };
  frame = requestAnimationFrame(look);
  return () => cancelAnimationFrame(frame);
}
