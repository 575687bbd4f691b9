import { Callout, Classes, FormGroup, Icon, InputGroup, TextArea } from "@blueprintjs/core";
import { useTranslation } from "../../../i18n/index.ts";
import { Trans } from "../../../i18n/trans.ts";
import type { Bot } from "../api.ts";
import { RobotPicture } from "../RobotPicture.tsx";
import { typedDir } from "../texts.ts";
import styles from "./steps.module.css";

// The wizard's steps besides the search (SearchStep). Only the website path is offered; the
// messaging-app path (a Telegram group's /register code) is reached from /bots?code=… instead,
// and asks to confirm the group (GroupStep) and what to watch before its bot is added.

export function MethodStep({ onWebsite }: { onWebsite: () => void }) {
  const { t } = useTranslation("bots");
  return (
    <div className={styles.methods}>
      <p className={Classes.TEXT_MUTED}>{t("wizard.method")}</p>
      <button type="button" className={styles.method} onClick={onWebsite}>
        <span className={styles.methodIcon}>
          <Icon icon="globe-network" size={22} />
        </span>
        <span className={styles.methodText}>
          <strong>{t("wizard.viaWebsite")}</strong>
          <span className={Classes.TEXT_MUTED}>{t("wizard.viaWebsiteHint")}</span>
        </span>
        <Icon icon="chevron-right" />
      </button>
    </div>
  );
}

interface NameProps {
  name: string;
  description: string;
  onName: (value: string) => void;
  onDescription: (value: string) => void;
}

export function NameStep({ name, description, onName, onDescription }: NameProps) {
  const { t } = useTranslation("bots");
  return (
    <>
      <FormGroup label={t("wizard.nameLabel")} labelFor="bot-name" helperText={t("wizard.nameHelp")}>
        <InputGroup
          id="bot-name"
          value={name}
          onValueChange={onName}
          placeholder={t("wizard.namePlaceholder")}
          // A Hebrew name (an area's, say) reads right to left; numbers after it stay in place.
          dir={typedDir(name)}
          autoFocus
          size="large"
          maxLength={100}
        />
      </FormGroup>
      <FormGroup label={t("wizard.description")} labelFor="bot-description" labelInfo={t("wizard.optional")}>
        <TextArea
          id="bot-description"
          fill
          value={description}
          onChange={(event) => onDescription(event.target.value)}
          maxLength={1000}
          rows={2}
          dir={typedDir(description)}
        />
      </FormGroup>
    </>
  );
}

/** The group a code from a link would post to: nothing is added until the person confirms it. */
export function GroupStep({ chatName }: { chatName: string }) {
  const { t } = useTranslation("bots");
  return (
    <div className={styles.group}>
      <p>{t("wizard.groupQuestion")}</p>
      <Callout intent="primary" icon="people" title={chatName} compact>
        {t("wizard.groupNote")}
      </Callout>
    </div>
  );
}

/** The confirmation: the bot already watches its search (a group's bot posts to the group too). */
export function WatchingStep({ bot, group = false }: { bot: Bot; group?: boolean }) {
  const { t } = useTranslation("bots");
  return (
    <div className={styles.done}>
      <RobotPicture seed={bot._id} dimmed={false} size={88} />
      <Ready bot={bot} />
      <Callout intent="success" icon="tick-circle" compact>
        {group ? t("wizard.watchingGroup") : t("wizard.watching")}
      </Callout>
    </div>
  );
}

/** "<name> is ready", the bot's name isolated from the words around it. */
function Ready({ bot }: { bot: Bot }) {
  const { t } = useTranslation("bots");
  return (
    <h3 className={Classes.HEADING}>
      <Trans
        t={t}
        i18nKey="wizard.ready"
        values={{ name: bot.chatName || bot.botName }}
        components={{ name: <bdi /> }}
      />
    </h3>
  );
}
