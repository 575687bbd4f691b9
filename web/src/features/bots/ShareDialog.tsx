import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Spinner,
  Switch,
  Tag,
} from "@blueprintjs/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import { useState } from "react";
import { formatDate } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/index.ts";
import { type Bot, createInvite, listMembers, removeMember, setMemberSwitch } from "./api.ts";
import { botsKey } from "./keys.ts";
import styles from "./ShareDialog.module.css";
import { useBotCache } from "./useBots.ts";

// Share: the owner makes an invite link (copied with one press), optionally for one e-mail, whose
// account is told in the product; sets what members may do (change the search, invite) and
// removes members; a member sees who shares the bot, invites if let, and may leave it. The server
// decides who may do what; this only hides what the reader cannot do.

interface Props {
  bot: Bot;
  /** The reader's user id: the owner sees the owner's controls. */
  me: string;
  onClose: () => void;
}

export function ShareDialog({ bot, me, onClose }: Props) {
  const { t } = useTranslation("bots");
  const owner = bot.createdBy?._id === me;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t("share.title", { name: bot.chatName || bot.botName })}
      icon="people"
      className={styles.dialog}
    >
      <DialogBody>
        {owner || bot.membersMayInvite ? <InviteLink bot={bot} /> : null}
        {owner ? <MemberSwitch bot={bot} name="membersMayEdit" /> : null}
        {owner ? <MemberSwitch bot={bot} name="membersMayInvite" /> : null}
        <Members bot={bot} me={me} owner={owner} onLeft={onClose} />
      </DialogBody>
      <DialogFooter actions={<Button text={t("share.close")} onClick={onClose} />} />
    </Dialog>
  );
}

function InviteLink({ bot }: { bot: Bot }) {
  const { t } = useTranslation("bots");
  const [copied, setCopied] = useState(false);
  const [email, setEmail] = useState("");
  const invite = useMutation({ mutationFn: (to: string) => createInvite(bot._id, to) });
  const copy = async () => {
    if (!invite.data) return;
    try {
      await navigator.clipboard.writeText(invite.data.url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusal): the link stays selected for copying by hand.
      setCopied(false);
    }
  };
  return (
    <FormGroup label={t("share.linkLabel")} labelFor="share-link">
      {invite.data ? (
        <>
          <div className={styles.link}>
            <InputGroup
              id="share-link"
              readOnly
              value={invite.data.url}
              dir="ltr"
              onFocus={(e) => e.currentTarget.select()}
              data-testid="share-link"
            />
            <Button
              icon={copied ? "tick" : "duplicate"}
              intent="primary"
              text={copied ? t("share.copied") : t("share.copy")}
              onClick={copy}
            />
          </div>
          <p className={clsx(Classes.TEXT_MUTED, styles.hint)}>
            {t(invite.variables ? "share.expiresFor" : "share.expires", {
              date: formatDate(invite.data.expiresAt),
            })}
          </p>
          {invite.data.told ? (
            <Callout intent="success" icon="notifications" data-testid="share-told">
              {t("share.told")}
            </Callout>
          ) : null}
          {invite.variables && !invite.data.account ? (
            <Callout intent="warning" data-testid="share-no-account">
              {t("share.noAccount")}
            </Callout>
          ) : null}
        </>
      ) : (
        <form
          className={styles.invite}
          onSubmit={(e) => {
            e.preventDefault();
            invite.mutate(email.trim());
          }}
        >
          <InputGroup
            type="email"
            dir="ltr"
            value={email}
            placeholder={t("share.emailPlaceholder")}
            aria-label={t("share.emailLabel")}
            onChange={(e) => setEmail(e.currentTarget.value)}
            data-testid="share-email"
          />
          <p className={clsx(Classes.TEXT_MUTED, styles.hint)}>{t("share.emailHint")}</p>
          <Button
            type="submit"
            icon="link"
            intent="primary"
            text={t("share.makeLink")}
            loading={invite.isPending}
          />
        </form>
      )}
      {invite.isError ? (
        <Callout intent="danger" role="alert">
          {invite.error.message}
        </Callout>
      ) : null}
    </FormGroup>
  );
}

/** One of the owner's switches: members may change the search, or invite others. */
function MemberSwitch({ bot, name }: { bot: Bot; name: "membersMayEdit" | "membersMayInvite" }) {
  const { t } = useTranslation("bots");
  const cache = useBotCache();
  const change = useMutation({
    mutationFn: (on: boolean) => setMemberSwitch(bot, name, on),
    onSuccess: (saved) => cache.put(saved),
  });
  return (
    <>
      <Switch
        checked={change.variables ?? bot[name]}
        disabled={change.isPending}
        label={t(`share.${name}`)}
        onChange={(e) => change.mutate(e.currentTarget.checked)}
      />
      {change.isError ? (
        <Callout intent="danger" role="alert">
          {change.error.message}
        </Callout>
      ) : null}
    </>
  );
}

function Members({ bot, me, owner, onLeft }: { bot: Bot; me: string; owner: boolean; onLeft: () => void }) {
  const { t } = useTranslation("bots");
  const client = useQueryClient();
  const cache = useBotCache();
  const members = useQuery({ queryKey: ["bot-members", bot._id], queryFn: () => listMembers(bot._id) });
  const remove = useMutation({
    mutationFn: (userId: string) => removeMember(bot._id, userId),
    onSuccess: (_r, userId) => {
      if (userId === me) {
        cache.drop(bot._id);
        void client.invalidateQueries({ queryKey: ["chats"] });
        onLeft();
        return;
      }
      void client.invalidateQueries({ queryKey: ["bot-members", bot._id] });
      void client.invalidateQueries({ queryKey: botsKey });
    },
  });
  return (
    <section aria-label={t("share.members")}>
      <h4 className={clsx(Classes.HEADING, styles.heading)}>{t("share.members")}</h4>
      {members.isPending ? <Spinner size={20} /> : null}
      {members.isError ? <Callout intent="danger">{members.error.message}</Callout> : null}
      <ul className={styles.members} data-testid="share-members">
        {members.data?.map((m) => (
          <li key={m.userId} className={styles.member} data-testid="share-member">
            <bdi className={styles.memberName}>{m.fullname || t("card.unknownUser")}</bdi>
            <Tag minimal round intent={m.role === "owner" ? "primary" : "none"}>
              {m.role === "owner" ? t("share.owner") : t("share.member")}
            </Tag>
            {owner && m.role === "member" ? (
              <Button
                size="small"
                intent="danger"
                variant="minimal"
                text={t("share.remove")}
                aria-label={t("share.removeLabel", { name: m.fullname })}
                loading={remove.isPending && remove.variables === m.userId}
                onClick={() => remove.mutate(m.userId)}
              />
            ) : null}
            {!owner && m.userId === me ? (
              <Button
                size="small"
                intent="danger"
                variant="minimal"
                text={t("share.leave")}
                loading={remove.isPending}
                onClick={() => remove.mutate(me)}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {members.data && members.data.length < 2 && owner ? (
        <p className={clsx(Classes.TEXT_MUTED, styles.hint)}>{t("share.nobodyYet")}</p>
      ) : null}
      {remove.isError ? (
        <Callout intent="danger" role="alert">
          {remove.error.message}
        </Callout>
      ) : null}
    </section>
  );
}
