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

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

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
          {props.name}
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
  const unlink = useMutation({
    mutationFn: unlinkTelegram,
    onSuccess: () => setUser({ ...user, telegram: { linked: false, username: "" } }),
  });
  return (
    <Section title="Telegram">
      {user.telegram?.linked ? (
        <ul className={styles.list}>
          <Row
            icon="send-message"
            name={user.telegram.username ? `@${user.telegram.username}` : "Linked"}
            detail="Receives your matches and password reset codes"
            action={
              <Button
                variant="outlined"
                intent="danger"
                loading={unlink.isPending}
                onClick={() => unlink.mutate()}
              >
                Unlink
              </Button>
            }
          />
        </ul>
      ) : (
        <p className={clsx(Classes.TEXT_MUTED, styles.empty)}>No Telegram account is linked.</p>
      )}
      <Failure error={unlink.error} />
    </Section>
  );
}

function PushDevices() {
  const client = useQueryClient();
  const key = [...accessKey, "push"];
  const devices = useQuery({ queryKey: key, queryFn: listPushDevices });
  const remove = useMutation({
    mutationFn: removePushDevice,
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  return (
    <Section title="Devices receiving notifications">
      <Listed
        query={devices}
        empty="No device receives your notifications."
        render={(d) => (
          <Row
            key={d.id}
            icon={iconOf(d.userAgent)}
            name={deviceName(d.userAgent)}
            detail={`Added ${when(d.addedAt)} · last used ${when(d.lastUsedAt)}`}
            tag={d.thisSession ? "This session" : undefined}
            action={
              <Button
                variant="outlined"
                loading={remove.isPending && remove.variables === d.id}
                onClick={() => remove.mutate(d.id)}
              >
                Remove
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
    <Section title="Signed-in sessions">
      <Listed
        query={sessions}
        empty="No sessions."
        render={(s) => (
          <Row
            key={s.id}
            icon={iconOf(s.userAgent)}
            name={deviceName(s.userAgent)}
            detail={`Signed in ${when(s.signedInAt)} · last active ${when(s.lastActiveAt)}`}
            tag={s.current ? "This device" : undefined}
            action={
              <Button
                variant="outlined"
                intent={s.current ? "none" : "danger"}
                loading={end.isPending && end.variables === s.id}
                onClick={() => end.mutate(s.id)}
              >
                Sign out
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
  const { data, isPending, isError } = props.query;
  if (isPending) return <Spinner size={20} className={styles.spinner} />;
  if (isError || !data) return <NonIdealState icon="error" description="Could not load this list." />;
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
