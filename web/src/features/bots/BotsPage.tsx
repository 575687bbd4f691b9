import { Button, Tooltip } from "@blueprintjs/core";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { PageHeader } from "../../components/PageHeader.tsx";
import { inlineStart, useDirection } from "../../i18n/direction.ts";
import { useTranslation } from "../../i18n/index.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { BotGrid } from "./BotGrid.tsx";
import styles from "./BotsPage.module.css";
import shared from "./shared.module.css";
import { useBotList } from "./useBots.ts";
import { type GroupOffer, useCodeParameter } from "./useCodeParameter.ts";

// The add-bot wizard (its form, selects and map picker) is fetched the first time it opens: on a
// phone's network every file on the way to the first screen costs a round trip.
const AddBotWizard = lazy(() =>
  import("./wizard/AddBotWizard.tsx").then((m) => ({ default: m.AddBotWizard })),
);

// /bots, "My Bots": the caller's bots as cards and the floating add button.

export function BotsPage() {
  const { t } = useTranslation("bots");
  usePageTitle(t("page.title"));
  const dir = useDirection();
  const bots = useBotList(false);
  const [wizard, setWizard] = useState<{ open: boolean; notice?: string; group?: GroupOffer }>({
    open: false,
  });
  const onGroup = useCallback((group: GroupOffer) => setWizard({ open: true, group }), []);
  const onCodeFailure = useCallback((notice: string) => setWizard({ open: true, notice }), []);
  useCodeParameter(onGroup, onCodeFailure);
  // Mounted from its first opening on, so it can animate closed like any dialog.
  const [wizardUsed, setWizardUsed] = useState(false);
  useEffect(() => {
    if (wizard.open) setWizardUsed(true);
  }, [wizard.open]);

  return (
    <div className={shared.page}>
      <PageHeader title={t("page.heading")} subtitle={t("page.subtitle")} />
      <BotGrid bots={bots.data} pending={bots.isPending} error={bots.error} chatLinks />
      {/* The button sits at the inline end: the tip opens towards the page, whichever side that is. */}
      <Tooltip content={t("page.create")} placement={inlineStart(dir)} className={styles.fab}>
        <Button
          intent="primary"
          size="large"
          icon="plus"
          aria-label={t("page.create")}
          className={styles.fabButton}
          onClick={() => setWizard({ open: true })}
        />
      </Tooltip>
      {wizardUsed || wizard.open ? (
        <Suspense fallback={null}>
          <AddBotWizard
            isOpen={wizard.open}
            notice={wizard.notice}
            group={wizard.group}
            onClose={() => setWizard({ open: false })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
