import { PageHeader } from "../../components/PageHeader.tsx";
import { formatNumber } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/index.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { BotGrid } from "./BotGrid.tsx";
import shared from "./shared.module.css";
import { useBotList } from "./useBots.ts";

// /admin/bots: every user's bots, each card naming its owner; admins open and change any of them.

export function AdminBotsPage() {
  const { t } = useTranslation("bots");
  usePageTitle(t("admin.title"));
  const bots = useBotList(true);
  return (
    <div className={shared.page}>
      <PageHeader
        title={t("admin.title")}
        subtitle={
          bots.data ? t("admin.subtitleCount", { n: formatNumber(bots.data.length) }) : t("admin.subtitle")
        }
      />
      <BotGrid bots={bots.data} pending={bots.isPending} error={bots.error} emptyText={t("admin.empty")} />
    </div>
  );
}
