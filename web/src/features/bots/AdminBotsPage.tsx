import { PageHeader } from "../../components/PageHeader.tsx";
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
      <PageHeader
        title="All Bots"
        subtitle={`Every user's bots${bots.data ? ` · ${bots.data.length}` : ""}`}
      />
      <BotGrid
        bots={bots.data}
        pending={bots.isPending}
        error={bots.error}
        emptyText="No user has a bot yet."
      />
    </div>
  );
}
