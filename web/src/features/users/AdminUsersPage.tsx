import { Card, Elevation, Icon, InputGroup, NonIdealState, Spinner } from "@blueprintjs/core";
import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { useDeferredValue, useMemo, useState } from "react";
import { PageHeader } from "../../components/PageHeader.tsx";
import { RowsPager } from "../../components/RowsPager.tsx";
import { useTranslation } from "../../i18n/index.ts";
import { Trans } from "../../i18n/trans.ts";
import type { User } from "../auth/index.ts";
import styles from "./AdminUsersPage.module.css";
import { filterUsers, usersKey } from "./api.ts";
import { DeleteUsersAlert } from "./DeleteUsersAlert.tsx";
import { EditUserDialog } from "./EditUserDialog.tsx";
import shared from "./shared.module.css";
import { clampPage, DEFAULT_SORT, PAGE_SIZES, pageOf, type SortKey, sortUsers } from "./table.ts";
import { UsersTable } from "./UsersTable.tsx";

// /admin/user: the server searches, the table sorts, selects and pages.

export function AdminUsersPage() {
  const { t } = useTranslation("users");
  const [search, setSearch] = useState("");
  const term = useDeferredValue(search.trim());
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(5);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User[] | null>(null);

  const users = useQuery({ queryKey: [...usersKey, "filter", term], queryFn: () => filterUsers(term) });
  const sorted = useMemo(() => sortUsers(users.data ?? [], sort.key, sort.dir), [users.data, sort]);
  const current = clampPage(page, sorted.length, size);
  const rows = pageOf(sorted, current, size);

  const onSort = (key: SortKey) =>
    setSort((s) => ({ key, dir: s.key === key && s.dir === "asc" ? "desc" : "asc" }));
  const onSelect = (ids: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const chosen = sorted.filter((u) => selected.has(u._id));

  let body: React.ReactNode;
  if (users.isPending) body = <Spinner className={styles.spinner} />;
  else if (sorted.length === 0)
    body = (
      <NonIdealState
        icon="search"
        title={t("admin.notFound")}
        description={
          term ? (
            <span>
              <Trans t={t} i18nKey="admin.noResults" values={{ term }} components={{ term: <bdi /> }} />
            </span>
          ) : undefined
        }
      />
    );
  else
    body = (
      <UsersTable
        rows={rows}
        sort={sort}
        onSort={onSort}
        selected={selected}
        onSelect={onSelect}
        onEdit={setEditing}
        onDelete={(user) => setDeleting([user])}
      />
    );

  return (
    <div className={shared.page}>
      <PageHeader title={t("admin.title")} large />
      <Card elevation={Elevation.ONE} className={clsx(shared.card, styles.flush)}>
        <div className={styles.toolbar}>
          {chosen.length > 0 ? (
            <>
              <span className={styles.count}>{t("admin.selected", { count: chosen.length })}</span>
              <button type="button" className={styles.delete} onClick={() => setDeleting(chosen)}>
                <Icon icon="trash" /> {t("admin.delete")}
              </button>
            </>
          ) : (
            <InputGroup
              type="search"
              leftIcon="search"
              placeholder={t("admin.search")}
              aria-label={t("admin.searchLabel")}
              value={search}
              onValueChange={(value) => {
                setSearch(value);
                setPage(0);
              }}
              className={styles.search}
            />
          )}
        </div>
        {body}
        <RowsPager
          id="users-page-size"
          sizes={PAGE_SIZES}
          total={sorted.length}
          page={current}
          size={size}
          onPage={setPage}
          onSize={(next) => {
            setSize(next);
            setPage(0);
          }}
        />
      </Card>
      {editing ? <EditUserDialog user={editing} isOpen onClose={() => setEditing(null)} /> : null}
      <DeleteUsersAlert
        users={deleting}
        onClose={(deletedIds) => {
          setDeleting(null);
          if (deletedIds.length)
            setSelected((prev) => new Set([...prev].filter((id) => !deletedIds.includes(id))));
        }}
      />
    </div>
  );
}
