import { Button, Classes, Tooltip } from "@blueprintjs/core";
import { useCallback, useState } from "react";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { BotGrid } from "./BotGrid.tsx";
import { useBotList } from "./useBots.ts";
import { useCodeParameter } from "./useCodeParameter.ts";
import { AddBotWizard } from "./wizard/AddBotWizard.tsx";
import "./bots.css";

// /bots, "My Bots": the caller's bots as cards and the floating add button.

export function BotsPage() {
  usePageTitle("Bots");
  const bots = useBotList(false);
  const [wizard, setWizard] = useState<{ open: boolean; notice?: string }>({ open: false });
  const onCodeFailure = useCallback((notice: string) => setWizard({ open: true, notice }), []);
  useCodeParameter(onCodeFailure);

  return (
    <div className="bots-page">
      <header className="bots-page__header">
        <h1 className={`${Classes.HEADING} bots-page__title`}>My Bots</h1>
        <p className={`${Classes.TEXT_MUTED} bots-page__subtitle`}>View edit & control your bots</p>
      </header>
      <BotGrid bots={bots.data} pending={bots.isPending} error={bots.error} />
      <Tooltip content="Create new bot" placement="left" className="bots-page__fab">
        <Button
          intent="primary"
          size="large"
          icon="plus"
          aria-label="Create new bot"
          className="bots-page__fab-button"
          onClick={() => setWizard({ open: true })}
        />
      </Tooltip>
      <AddBotWizard isOpen={wizard.open} notice={wizard.notice} onClose={() => setWizard({ open: false })} />
    </div>
  );
}
