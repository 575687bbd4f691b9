import {
  Button,
  Callout,
  Classes,
  H3,
  Icon,
  type IconName,
  NonIdealState,
  Spinner,
  Tag,
} from "@blueprintjs/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import type { ReactNode } from "react";
import { formatDateTime } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/index.ts";
import { type User, useAuth } from "../auth/index.ts";
import styles from "./AccessPanel.module.css";
import {
  accessKey,
  endSession,
  listPushDevices,
  listSessions,
  removePushDevice,
  unlinkTelegram,
} from "./access.ts";
import { deviceName } from "./device.ts";

// The profile's "Signed in and connected": everything that can reach the account (the linked
// Telegram account, the browsers receiving pushes, the signed-in sessions), each with a way to
// end it. Ending a session signs that device out at once; ending this one is a logout.

const iconOf = (ua: string): IconName => (/Mobile|iPhone|Android/.test(ua) ? "mobile-phone" : "desktop");

export function AccessPanel({ user }: { user: User }) {
  return (
    <div className={styles.panel}>
      <TelegramRow user={user} />
      <PushDevices />
      <Sessions />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <H3 className={styles.heading}>{title}</H3>
      {children}
    </section>
  );
}

function Row(props: { icon: IconName; name: string; detail: string; tag?: string; action: ReactNode }) {
  return (
    <li className={styles.row}>
      <Icon icon={props.icon} size={20} className={styles.icon} />
      <div className={styles.text}>
        <div className={styles.name}>
          <bdi>{props.name}</bdi>
          {props.tag ? (
            <Tag minimal intent="primary" className={styles.tag}>
              {props.tag}
            </Tag>
          ) : null}
        </div>
        <div className={clsx(Classes.TEXT_MUTED, styles.detail)}>{props.detail}</div>
      </div>
      <div className={styles.action}>{props.action}</div>
    </li>
  );
}

function TelegramRow({ user }: { user: User }) {
  const { setUser } = useAuth();
  const { t } = useTranslation("users");
  const unlink = useMutation({
    mutationFn: unlinkTelegram,
    onSuccess: () => setUser({ ...user, telegram: { linked: false, username: "" } }),
  });
  return (
    <Section title={t("access.telegram")}>
      {user.telegram?.linked ? (
        <ul className={styles.list}>
          <Row
            icon="send-message"
            name={user.telegram.username ? `@${user.telegram.username}` : t("access.linked")}
            detail={t("access.telegramDetail")}
            action={
              <Button
                variant="outlined"
                intent="danger"
                loading={unlink.isPending}
                onClick={() => unlink.mutate()}
              >
                {t("access.unlink")}
              </Button>
            }
          />
        </ul>
      ) : (
        <p className={clsx(Classes.TEXT_MUTED, styles.empty)}>{t("access.noTelegram")}</p>
      )}
      <Failure error={unlink.error} />
    </Section>
  );
}

function PushDevices() {
  const client = useQueryClient();
  const { t } = useTranslation("users");
  const key = [...accessKey, "push"];
  const devices = useQuery({ queryKey: key, queryFn: listPushDevices });
  const remove = useMutation({
    mutationFn: removePushDevice,
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  return (
    <Section title={t("access.devices")}>
      <Listed
        query={devices}
        empty={t("access.noDevices")}
        render={(d) => (
          <Row
            key={d.id}
            icon={iconOf(d.userAgent)}
            name={deviceName(d.userAgent)}
            detail={t("access.deviceDetail", {
              added: formatDateTime(d.addedAt),
              used: formatDateTime(d.lastUsedAt),
            })}
            tag={d.thisSession ? t("access.thisSession") : undefined}
            action={
              <Button
                variant="outlined"
                loading={remove.isPending && remove.variables === d.id}
                onClick={() => remove.mutate(d.id)}
              >
                {t("access.remove")}
              </Button>
            }
          />
        )}
      />
      <Failure error={remove.error} />
    </Section>
  );
}

function Sessions() {
  const client = useQueryClient();
  const { signOut } = useAuth();
  const { t } = useTranslation("users");
  const key = [...accessKey, "sessions"];
  const sessions = useQuery({ queryKey: key, queryFn: listSessions });
  const end = useMutation({
    mutationFn: endSession,
    onSuccess: async (r) => {
      if (r.current) await signOut();
    },
    onSettled: () => client.invalidateQueries({ queryKey: accessKey }),
  });
  return (
    <Section title={t("access.sessions")}>
      <Listed
        query={sessions}
        empty={t("access.noSessions")}
        render={(s) => (
          <Row
            key={s.id}
            icon={iconOf(s.userAgent)}
            name={deviceName(s.userAgent)}
            detail={t("access.sessionDetail", {
              signedIn: formatDateTime(s.signedInAt),
              active: formatDateTime(s.lastActiveAt),
            })}
            tag={s.current ? t("access.thisDevice") : undefined}
            action={
              <Button
                variant="outlined"
                intent={s.current ? "none" : "danger"}
                loading={end.isPending && end.variables === s.id}
                onClick={() => end.mutate(s.id)}
              >
                {t("access.signOut")}
              </Button>
            }
          />
        )}
      />
      <Failure error={end.error} />
    </Section>
  );
}

function Listed<T>(props: {
  query: { data?: T[]; isPending: boolean; isError: boolean };
  empty: string;
  render: (item: T) => ReactNode;
}) {
  const { t } = useTranslation("users");
  const { data, isPending, isError } = props.query;
  if (isPending) return <Spinner size={20} className={styles.spinner} />;
  if (isError || !data) return <NonIdealState icon="error" description={t("access.loadFailed")} />;
  if (data.length === 0) return <p className={clsx(Classes.TEXT_MUTED, styles.empty)}>{props.empty}</p>;
  return <ul className={styles.list}>{data.map(props.render)}</ul>;
}

function Failure({ error }: { error: Error | null }) {
  return error ? (
    <Callout intent="danger" icon="error" role="alert" className={styles.failure}>
      {error.message}
    </Callout>
  ) : null;
}
