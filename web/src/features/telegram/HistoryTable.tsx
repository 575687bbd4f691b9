import { Button, Callout, HTMLSelect, HTMLTable, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { useState } from "react";
import { RowsPager } from "../../components/RowsPager.tsx";
import { useTranslation } from "../../i18n/index.ts";
import { historyKey, listHistory, type MessageType, PAGE_SIZES } from "./api.ts";
import { Formatted } from "./Formatted.tsx";
import {
  chatLabel,
  deliveryLine,
  MESSAGE_TYPES,
  STATUS_INTENTS,
  sentAt,
  statusLabel,
  typeLabel,
} from "./format.ts";
import styles from "./HistoryTable.module.css";
import shared from "./shared.module.css";
import { textOf } from "./texts.ts";

// The Message History tab: newest first, a type filter, pages of 10 (5, 10, 25, 50), each row's
// status (a broadcast's deliveries under it) and why a send failed.

export function HistoryTable() {
  const { t } = useTranslation("telegram");
  const [type, setType] = useState<MessageType | null>(null);
  const [size, setSize] = useState(10);
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: historyKey(size, page, type),
    queryFn: ({ signal }) => listHistory(size, page * size, type, signal),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const total = data?.count ?? 0;

  let body: React.ReactNode;
  if (list.isPending) body = <Spinner className={shared.spinner} />;
  else if (list.isError && !data)
    body = (
      <Callout intent="danger" icon="error" role="alert">
        {textOf("historyFailed")}
      </Callout>
    );
  else if (!data || data.messages.length === 0)
    body = <NonIdealState icon="history" title={textOf("noMessages")} className={styles.empty} />;
  else
    body = (
      <div className={styles.scroll}>
        <HTMLTable className={styles.table} striped compact>
          <thead>
            <tr>
              <th>{t("history.type")}</th>
              <th>{t("history.chat")}</th>
              <th>{t("history.message")}</th>
              <th>{t("history.status")}</th>
              <th>{t("history.sent")}</th>
            </tr>
          </thead>
          <tbody>
            {data.messages.map((m) => (
              <tr key={m._id}>
                <td>
                  <Tag
                    minimal
                    icon={
                      m.type === "broadcast"
                        ? "globe-network"
                        : m.type === "direct"
                          ? "send-message"
                          : "inbox"
                    }
                  >
                    {typeLabel(m.type)}
                  </Tag>
                </td>
                <td className={styles.chat}>{chatLabel(m)}</td>
                <td className={styles.content}>
                  <Formatted text={m.content} markdown={m.type === "direct"} className={styles.clamped} />
                </td>
                <td>
                  <Tag intent={STATUS_INTENTS[m.status]} minimal round>
                    {statusLabel(m.status)}
                  </Tag>
                  {m.recipients ? <div className={styles.note}>{deliveryLine(m)}</div> : null}
                  {m.error ? (
                    <div className={clsx(styles.note, styles.noteError)} dir="auto">
                      {m.error}
                    </div>
                  ) : null}
                </td>
                <td className={styles.when}>{sentAt(m.sentAt)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    );

  return (
    <div className={styles.history}>
      <div className={styles.toolbar}>
        <label htmlFor="tg-history-type">{t("history.type")}</label>
        <HTMLSelect
          id="tg-history-type"
          value={type ?? ""}
          onChange={(e) => {
            setType((e.currentTarget.value || null) as MessageType | null);
            setPage(0);
          }}
          options={[
            { label: t("history.allTypes"), value: "" },
            ...MESSAGE_TYPES.map((type) => ({ label: typeLabel(type), value: type })),
          ]}
        />
        <Button
          variant="minimal"
          icon="refresh"
          aria-label={t("history.refresh")}
          loading={list.isFetching}
          onClick={() => void list.refetch()}
        />
      </div>
      {body}
      <RowsPager
        id="tg-page-size"
        className={styles.pager}
        sizes={PAGE_SIZES}
        total={total}
        page={page}
        size={size}
        onPage={setPage}
        onSize={(next) => {
          setSize(next);
          setPage(0);
        }}
      />
    </div>
  );
}
