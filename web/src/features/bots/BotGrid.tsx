import { NonIdealState, Spinner } from "@blueprintjs/core";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import type { Bot } from "./api.ts";
import { BotCard } from "./BotCard.tsx";
import styles from "./BotGrid.module.css";
import { DeleteBotAlert } from "./DeleteBotAlert.tsx";

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
}

export function BotGrid({ bots, pending, error, emptyText }: Props) {
  const { t } = useTranslation("bots");
  const [editing, setEditing] = useState<Bot | null>(null);
  const [deleting, setDeleting] = useState<Bot | null>(null);

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
          <BotCard key={bot._id} bot={bot} onEdit={setEditing} onDelete={setDeleting} />
        ))}
      </div>
      {editing ? (
        <Suspense fallback={null}>
          <BotSettingsDialog bot={editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      <DeleteBotAlert bot={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
