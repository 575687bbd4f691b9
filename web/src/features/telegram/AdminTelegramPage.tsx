import { Card, Classes, Elevation, Tab, Tabs } from "@blueprintjs/core";
import clsx from "clsx";
import { useState } from "react";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useTranslation } from "../../i18n/index.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import styles from "./AdminTelegramPage.module.css";
import { BroadcastForm } from "./BroadcastForm.tsx";
import { ChatPanel } from "./ChatPanel.tsx";
import { DirectForm } from "./DirectForm.tsx";
import { HistoryTable } from "./HistoryTable.tsx";

// /admin/telegram: the admins' messaging over the Telegram bot — three tabs (Broadcast, Direct
// Message, Message History) and, under them, the chat panel.

type TabId = "broadcast" | "direct" | "history";

export function AdminTelegramPage() {
  const { t } = useTranslation("telegram");
  usePageTitle(t("page.title"));
  const [tab, setTab] = useState<TabId>("broadcast");
  return (
    <div className={styles.page}>
      <PageHeader title={t("page.title")} subtitle={t("page.subtitle")} large />
      <Card elevation={Elevation.ONE} className={styles.card}>
        <Tabs
          id="telegram-tabs"
          selectedTabId={tab}
          onChange={(id) => setTab(id as TabId)}
          large
          renderActiveTabPanelOnly
        >
          <Tab id="broadcast" title={t("page.broadcast")} icon="globe-network" panel={<BroadcastForm />} />
          <Tab id="direct" title={t("page.direct")} icon="send-message" panel={<DirectForm />} />
          <Tab id="history" title={t("page.history")} icon="history" panel={<HistoryTable />} />
        </Tabs>
      </Card>
      <h2 className={clsx(Classes.HEADING, styles.section)}>{t("page.chats")}</h2>
      <ChatPanel />
    </div>
  );
}
