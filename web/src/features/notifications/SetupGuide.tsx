import { Button, Callout, Card, Classes, Icon, Spinner, Switch, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { type ReactNode, useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { installWay } from "./install.ts";
import { deniedText } from "./pushErrors.ts";
import type { PushState } from "./pushStore.ts";
import { setupFacts, setWithoutPush } from "./pushStore.ts";
import styles from "./SetupGuide.module.css";
import {
  canContinueWithout,
  canSkipInstall,
  nextStep,
  pushComplete,
  type SetupStep,
  STEP_LABELS,
  stepSatisfied,
} from "./setup.ts";
import { installOffer, onInstallOffer, promptInstall } from "./startup.ts";
import { PageTexts } from "./texts.ts";
import type { PushActions } from "./useEnablePush.ts";

// The setup guide of /notifications: 0 install the app, 1 allow notifications, 2 turn on
// the push subscription, 3 complete. Next waits for each step (setup.ts); 'Continue without push'
// finishes it without push; complete collapses to 'Notifications Setup Complete' with 'Reset Setup'.

interface Props {
  step: SetupStep;
  onStep: (step: SetupStep) => void;
  state: PushState;
  push: PushActions;
}

export function SetupGuide({ step, onStep, state, push }: Props) {
  const { t } = useTranslation("notifications");
  const facts = setupFacts(state);
  if (!state.checked) {
    return (
      <Card className={styles.guide}>
        <Spinner size={24} />
      </Card>
    );
  }
  if (step === 3) {
    return (
      <Card className={clsx(styles.guide, styles.complete)} role="region" aria-label={t("setup.label")}>
        <Icon icon="tick-circle" intent="success" size={22} />
        <div className={styles.doneText}>
          <h2 className={clsx(Classes.HEADING, styles.title)}>{PageTexts.setupComplete}</h2>
          <div className={Classes.TEXT_MUTED}>
            {pushComplete(facts) ? t("setup.doneText") : t("setup.doneWithoutPush")}
          </div>
        </div>
        <Button
          variant="minimal"
          icon="reset"
          className={styles.doneReset}
          onClick={() => {
            setWithoutPush(false);
            onStep(0);
          }}
        >
          {PageTexts.resetSetup}
        </Button>
      </Card>
    );
  }
  const next = () => onStep(nextStep(step, facts));
  const withoutPush = () => {
    setWithoutPush(true);
    onStep(3);
  };
  const back = step > 0 ? () => onStep((step - 1) as SetupStep) : undefined;
  return (
    <Card className={styles.guide} role="region" aria-label={t("setup.label")}>
      <h2 className={clsx(Classes.HEADING, styles.title)}>{t("setup.title")}</h2>
      <p className={clsx(Classes.TEXT_MUTED, styles.why)}>{t("setup.whatPushAdds")}</p>
      <ol className={styles.steps}>
        {STEP_LABELS.map((label, i) => {
          // A step behind is done, or skipped (the install, where push works without it).
          const done = i < step && stepSatisfied(i as SetupStep, facts);
          const skipped = i < step && !done;
          const mark = done ? (
            <Icon icon="tick" size={12} />
          ) : skipped ? (
            <Icon icon="minus" size={12} />
          ) : (
            i + 1
          );
          return (
            <li
              key={label}
              className={clsx(
                styles.step,
                i === step && styles.current,
                done && styles.done,
                skipped && styles.skipped,
              )}
              aria-current={i === step ? "step" : undefined}
            >
              <span className={styles.number} title={skipped ? t("setup.skipped") : undefined}>
                {mark}
              </span>
              <span>{t(`setup.steps.${label}`)}</span>
            </li>
          );
        })}
      </ol>
      <div className={styles.body}>
        {step === 0 ? <InstallStep state={state} /> : null}
        {step === 1 ? <PermissionStep state={state} push={push} /> : null}
        {step === 2 ? <SubscribeStep state={state} push={push} /> : null}
      </div>
      <footer className={styles.footer}>
        {back ? (
          <Button variant="minimal" icon="arrow-left" onClick={back}>
            {t("setup.back")}
          </Button>
        ) : null}
        <span className={styles.spacer} />
        {step === 0 && canSkipInstall(facts) ? (
          <Button variant="minimal" onClick={() => onStep(1)}>
            {t("setup.skip")}
          </Button>
        ) : null}
        {canContinueWithout(step, facts) ? (
          <Button variant="minimal" onClick={withoutPush}>
            {t("setup.continueWithout")}
          </Button>
        ) : null}
        <Button intent="primary" endIcon="arrow-right" disabled={!stepSatisfied(step, facts)} onClick={next}>
          {t("setup.next")}
        </Button>
      </footer>
    </Card>
  );
}

function useInstallOffer(): boolean {
  return useSyncExternalStore(onInstallOffer, () => installOffer() !== null);
}

function StepText({ children }: { children: ReactNode }) {
  return <p className={styles.text}>{children}</p>;
}

function InstallStep({ state }: { state: PushState }) {
  const { t } = useTranslation("notifications");
  const offered = useInstallOffer();
  if (state.installed) {
    return (
      <Callout intent="success" icon="tick" compact>
        {t("setup.installed")}
      </Callout>
    );
  }
  const way = installWay(state.ios, offered);
  if (way === "prompt") {
    return (
      <>
        <StepText>{t("setup.installPrompt")}</StepText>
        <Button icon="download" onClick={() => void promptInstall()}>
          {t("setup.installApp")}
        </Button>
      </>
    );
  }
  if (way === "ios") {
    return (
      <>
        <StepText>{t("setup.iosIntro")}</StepText>
        <ol className={styles.howto}>
          <li>
            {t("setup.iosTapBefore")} <Icon icon="share" size={14} aria-label={t("install.share")} />{" "}
            {t("setup.iosTapAfter")}
          </li>
          <li>{t("setup.iosAdd")}</li>
          <li>{t("setup.iosOpen")}</li>
        </ol>
      </>
    );
  }
  return <StepText>{state.mobile ? t("setup.menuMobile") : t("setup.noInstall")}</StepText>;
}

const PERMISSION_INTENTS = {
  granted: "success",
  denied: "danger",
  default: "none",
  unsupported: "warning",
} as const;

function PermissionStep({ state, push }: { state: PushState; push: PushActions }) {
  const { t } = useTranslation("notifications");
  return (
    <>
      <StepText>{t("setup.permissionText")}</StepText>
      <div className={styles.row}>
        <span>{t("setup.permission")}</span>
        <Tag minimal intent={PERMISSION_INTENTS[state.permission]} round>
          {t(`setup.permissions.${state.permission}`)}
        </Tag>
        <span className={styles.spacer} />
        {state.permission === "granted" ? null : (
          <Button intent="primary" icon="notifications" loading={push.busy} onClick={() => void push.allow()}>
            {t("setup.allowButton")}
          </Button>
        )}
      </div>
      {state.permission === "denied" ? (
        <Callout intent="warning" compact className={styles.callout} title={deniedText(state.ios)}>
          {state.ios ? t("setup.deniedIos") : t("setup.deniedOther")}
        </Callout>
      ) : null}
    </>
  );
}

function SubscribeStep({ state, push }: { state: PushState; push: PushActions }) {
  // The switch shows what was asked while it is being done, and what is true after: a failure
  // puts it back.
  const { t } = useTranslation("notifications");
  const [wanted, setWanted] = useState<boolean | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!push.busy) setWanted(null);
  }, [push.busy]);
  const toggle = async (on: boolean) => {
    setWanted(on);
    setFailure(null);
    const done = on ? await push.enable() : await push.disable();
    if (!done) setFailure(PageTexts.toggleFailed);
  };
  return (
    <>
      <StepText>{t("setup.subscribeText")}</StepText>
      <Switch
        large
        checked={wanted ?? state.subscribed}
        disabled={push.busy}
        label={t("setup.switchLabel")}
        onChange={(e) => void toggle(e.currentTarget.checked)}
      />
      {failure ? (
        <Callout intent="danger" icon="error" role="alert" title={failure} className={styles.callout}>
          {push.error}
        </Callout>
      ) : null}
    </>
  );
}
