import { Callout } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useTranslation } from "../../i18n/index.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { BlockerDialog } from "./BlockerDialog.tsx";
import { NotificationList } from "./NotificationList.tsx";
import styles from "./NotificationsPage.module.css";
import { showsSupportWarning } from "./platform.ts";
import { setupFacts, usePushState } from "./pushStore.ts";
import { SetupGuide } from "./SetupGuide.tsx";
import { isSetupComplete, listShown, type SetupStep, setupApplies } from "./setup.ts";
import shared from "./shared.module.css";
import { TestNotificationForm } from "./TestNotificationForm.tsx";
import { PageTexts } from "./texts.ts";
import { usePushActions } from "./useEnablePush.ts";
import { useLiveNotifications } from "./useNotifications.ts";

// /notifications: on the left the setup guide and, once setup is complete, the list; on
// the right the 'Send Test Notification' form. One column on a phone.

export function NotificationsPage() {
  const { t } = useTranslation("notifications");
  usePageTitle(t("screen.title"));
  useLiveNotifications();
  const state = usePushState();
  const facts = setupFacts(state);
  const push = usePushActions();
  const [step, setStep] = useState<SetupStep | null>(null);
  // The first step is known once the device's subscription has been looked at.
  // A permission revoked or a subscription lost while here (another tab, the browser's settings)
  // undoes "complete": the guide opens again.
  const complete = isSetupComplete(facts);
  useEffect(() => {
    if (!state.checked) return;
    if (step === null)
      setStep(complete ? 3 : 0); // setup.ts initialStep
    else if (step === 3 && !complete) setStep(0);
  }, [state.checked, step, complete]);
  const current = step ?? 0;
  const support = state.support;

  return (
    <div className={shared.page}>
      <PageHeader title={t("screen.title")} subtitle={t("screen.subtitle")} />
      <div className={styles.grid}>
        <div className={styles.main}>
          {showsSupportWarning(support) ? (
            <Callout intent="warning" icon="warning-sign" title={PageTexts.notFullySupported}>
              {support.level === "none" ? support.reason : t("screen.iosHint")}
            </Callout>
          ) : null}
          {setupApplies(facts) ? (
            <SetupGuide step={current} onStep={setStep} state={state} push={push} />
          ) : null}
          {state.checked && listShown(facts, current) ? <NotificationList /> : null}
        </div>
        <aside className={styles.side}>
          <TestNotificationForm />
        </aside>
      </div>
      <BlockerDialog reason={push.blocker} onClose={push.closeBlocker} />
    </div>
  );
}
