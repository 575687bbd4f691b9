import { Classes } from "@blueprintjs/core";
import clsx from "clsx";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { BotGrid } from "./BotGrid.tsx";
import shared from "./shared.module.css";
import { useBotList } from "./useBots.ts";

// /admin/bots: every user's bots, each card naming its owner; admins open and change any of them.

export function AdminBotsPage() {
  usePageTitle("All Bots");
  const bots = useBotList(true);
  return (
    <div className={shared.page}>
      <header className={shared.header}>
        <h1 className={clsx(Classes.HEADING, shared.title)}>All Bots</h1>
        <p className={clsx(Classes.TEXT_MUTED, shared.subtitle)}>
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
