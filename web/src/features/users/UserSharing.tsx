import { Classes, FormGroup, Icon, Spinner } from "@blueprintjs/core";
import { useQuery } from "@tanstack/react-query";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { sharingKey, userSharing } from "./sharing.ts";
import styles from "./UserSharing.module.css";

// The edit dialog's "Sharing" for admins: the user's bots shared with others and who with, and
// the bots others share with them and whose. Read-only: owners and members change it themselves.

export function UserSharing({ userId }: { userId: string }) {
  const { t } = useTranslation("users");
  const query = useQuery({ queryKey: sharingKey(userId), queryFn: () => userSharing(userId) });
  let body: ReactNode;
  if (query.isPending) body = <Spinner size={16} aria-label={t("sharing.loading")} />;
  else if (query.isError) body = <p className={Classes.TEXT_MUTED}>{t("sharing.failed")}</p>;
  else if (!query.data.owned.length && !query.data.memberOf.length)
    body = <p className={Classes.TEXT_MUTED}>{t("sharing.none")}</p>;
  else
    body = (
      <ul className={styles.list}>
        {query.data.owned.map((b) => (
          <li key={b.botId} className={styles.item}>
            <Icon icon="people" className={styles.icon} />
            <span>
              <bdi className={styles.bot}>{b.botName}</bdi>
              {" · "}
              {t("sharing.sharedWith", { count: b.members.length })} <Names names={b.members} />
            </span>
          </li>
        ))}
        {query.data.memberOf.map((b) => (
          <li key={b.botId} className={styles.item}>
            <Icon icon="person" className={styles.icon} />
            <span>
              {t("sharing.memberOf")} <bdi className={styles.bot}>{b.botName}</bdi> {t("sharing.ownedBy")}{" "}
              <bdi>{b.owner.fullname}</bdi>
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <FormGroup label={t("sharing.title")}>
      <section aria-label={t("sharing.title")}>{body}</section>
    </FormGroup>
  );
}

/** Each name isolated: a Latin name inside a Hebrew line keeps its own order. */
function Names({ names }: { names: { userId: string; fullname: string }[] }) {
  return names.map((n, i) => (
    <Fragment key={n.userId}>
      {i > 0 ? ", " : null}
      <bdi>{n.fullname}</bdi>
    </Fragment>
  ));
}
