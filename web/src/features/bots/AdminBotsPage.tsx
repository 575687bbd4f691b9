import { Classes } from "@blueprintjs/core";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { BotGrid } from "./BotGrid.tsx";
import { useBotList } from "./useBots.ts";
import "./bots.css";

// /admin/bots: every user's bots, each card naming its owner; admins open and change any of them.

export function AdminBotsPage() {
  usePageTitle("All Bots");
  const bots = useBotList(true);
  return (
    <div className="bots-page">
      <header className="bots-page__header">
        <h1 className={`${Classes.HEADING} bots-page__title`}>All Bots</h1>
        <p className={`${Classes.TEXT_MUTED} bots-page__subtitle`}>
          Every user's bots{bots.data ? ` · ${bots.data.length}` : ""}
        </p>
      </header>
      <BotGrid
        bots={bots.data}
        pending={bots.isPending}
        error={bots.error}
        emptyText="No user has a bot yet."
      />
    </div>
  );
}
