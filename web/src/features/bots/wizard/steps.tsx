import { Callout, Classes, FormGroup, Icon, InputGroup, TextArea } from "@blueprintjs/core";
import type { Bot } from "../api.ts";
import { RobotPicture } from "../RobotPicture.tsx";
import styles from "./steps.module.css";

// The wizard's three steps. Only the website path is offered; the
// messaging-app path (a Telegram group's /register code) is reached from /bots?code=… instead,
// and asks to confirm the group (GroupStep) before its bot is added.

export function MethodStep({ onWebsite }: { onWebsite: () => void }) {
  return (
    <div className={styles.methods}>
      <p className={Classes.TEXT_MUTED}>How would you like to set up your bot?</p>
      <button type="button" className={styles.method} onClick={onWebsite}>
        <span className={styles.methodIcon}>
          <Icon icon="globe-network" size={22} />
        </span>
        <span className={styles.methodText}>
          <strong>Via Website</strong>
          <span className={Classes.TEXT_MUTED}>Create it here and get matches in your chats</span>
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
  return (
    <>
      <FormGroup
        label="Bot Name"
        labelFor="bot-name"
        helperText="You will see it on the card and in your chats"
      >
        <InputGroup
          id="bot-name"
          value={name}
          onValueChange={onName}
          placeholder="e.g. Florentin 3 rooms"
          // A Hebrew name (an area's, say) reads right to left; numbers after it stay in place.
          dir="auto"
          autoFocus
          size="large"
          maxLength={100}
        />
      </FormGroup>
      <FormGroup label="Description" labelFor="bot-description" labelInfo="(optional)">
        <TextArea
          id="bot-description"
          fill
          value={description}
          onChange={(event) => onDescription(event.target.value)}
          maxLength={1000}
          rows={2}
        />
      </FormGroup>
    </>
  );
}

/** The group a code from a link would post to: nothing is added until the person confirms it. */
export function GroupStep({ chatName }: { chatName: string }) {
  return (
    <div className={styles.group}>
      <p>Add a bot that posts new listings to this Telegram group?</p>
      <Callout intent="primary" icon="people" title={chatName} compact>
        Everyone in the group sees what the bot posts. Add it only if you asked for this code in that group.
      </Callout>
    </div>
  );
}

export function DoneStep({ bot }: { bot: Bot }) {
  return (
    <div className={styles.done}>
      <RobotPicture seed={bot._id} dimmed={false} size={88} />
      <h3 className={Classes.HEADING}>{bot.chatName || bot.botName} is ready</h3>
      <Callout intent="success" icon="tick-circle" compact>
        Your bot was created. Open it from My Bots to choose its areas, price range and rooms.
      </Callout>
    </div>
  );
}

/** The confirmation of a bot made from a property search: it already runs with the search's settings. */
export function PresetDoneStep({ bot, settingsError }: { bot: Bot; settingsError: string | null }) {
  return (
    <div className={styles.done}>
      <RobotPicture seed={bot._id} dimmed={false} size={88} />
      <h3 className={Classes.HEADING}>{bot.chatName || bot.botName} is ready</h3>
      {settingsError ? (
        <Callout intent="warning" icon="warning-sign" compact>
          The bot was created, but its settings were not saved: {settingsError} Open it from My Bots to set
          them.
        </Callout>
      ) : (
        <Callout intent="success" icon="tick-circle" compact>
          It watches your search and posts every new match into its chat.
        </Callout>
      )}
    </div>
  );
}
