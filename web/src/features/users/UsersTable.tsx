import { Button, Checkbox, HTMLTable, Icon, Menu, MenuItem, PopoverNext, Tag } from "@blueprintjs/core";
import { useTranslation } from "../../i18n/index.ts";
import { avatarUrl } from "../../lib/avatar.ts";
import type { User } from "../auth/index.ts";
import { isolate } from "./bidi.ts";
import { formatDate, fullName, providerLabel, type SortDir, type SortKey } from "./table.ts";
import styles from "./UsersTable.module.css";

// One page of the admin users table: sortable headers, row selection and a row menu.

// "wide" columns are hidden on phones (.wide in UsersTable.module.css), where the row stays readable
// with name, email and status; the edit dialog shows the rest.
const COLUMNS: Array<{ key: SortKey; wide?: boolean }> = [
  { key: "fullname" },
  { key: "email", wide: true },
  { key: "roles", wide: true },
  { key: "status" },
  { key: "provider", wide: true },
  { key: "createdAt", wide: true },
];

interface Props {
  rows: User[];
  sort: { key: SortKey; dir: SortDir };
  onSort: (key: SortKey) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UsersTable({ rows, sort, onSort, selected, onSelect, onEdit, onDelete }: Props) {
  const { t } = useTranslation("users");
  const pageIds = rows.map((u) => u._id);
  const chosen = pageIds.filter((id) => selected.has(id)).length;
  return (
    <div className={styles.scroll}>
      <HTMLTable interactive striped className={styles.table}>
        <thead>
          <tr>
            <th className={styles.check}>
              <Checkbox
                aria-label={t("admin.selectAll")}
                checked={chosen > 0 && chosen === pageIds.length}
                indeterminate={chosen > 0 && chosen < pageIds.length}
                onChange={(e) => onSelect(pageIds, e.currentTarget.checked)}
              />
            </th>
            {COLUMNS.map((column) => {
              const active = sort.key === column.key;
              return (
                <th
                  key={column.key}
                  className={column.wide ? styles.wide : undefined}
                  aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}
                >
                  <button type="button" className={styles.sort} onClick={() => onSort(column.key)}>
                    {t(`admin.columns.${column.key}`)}
                    <Icon
                      icon={active && sort.dir === "desc" ? "chevron-down" : "chevron-up"}
                      className={active ? undefined : styles.sortIdle}
                      size={12}
                    />
                  </button>
                </th>
              );
            })}
            <th aria-label={t("admin.actions")} />
          </tr>
        </thead>
        <tbody>
          {rows.map((user) => (
            <tr key={user._id}>
              <td className={styles.check}>
                <Checkbox
                  aria-label={t("admin.selectOne", { name: isolate(fullName(user)) })}
                  checked={selected.has(user._id)}
                  onChange={(e) => onSelect([user._id], e.currentTarget.checked)}
                />
              </td>
              <td>
                <span className={styles.name}>
                  <img src={avatarUrl(user.avatar, user._id)} alt="" width={32} height={32} />
                  <span className={styles.who}>
                    <bdi>{fullName(user)}</bdi>
                    <bdi className={styles.narrowEmail}>{user.email}</bdi>
                  </span>
                </span>
              </td>
              <td className={styles.wide}>
                <bdi>{user.email}</bdi>
              </td>
              <td className={styles.wide}>
                {user.roles.map((role) => (
                  <Tag
                    key={role}
                    minimal
                    intent={role === "admin" ? "warning" : "none"}
                    className={styles.tag}
                  >
                    {t(`admin.roles.${role}`)}
                  </Tag>
                ))}
              </td>
              <td>
                <Tag minimal intent={user.isBanned ? "danger" : "success"}>
                  {user.isBanned ? t("admin.banned") : t("admin.active")}
                </Tag>
              </td>
              <td className={styles.wide}>{providerLabel(user)}</td>
              <td className={styles.wide}>{formatDate(user.createdAt)}</td>
              <td className={styles.actions}>
                <PopoverNext
                  placement="bottom-end"
                  content={
                    <Menu>
                      <MenuItem icon="edit" text={t("admin.edit")} onClick={() => onEdit(user)} />
                      <MenuItem
                        icon="trash"
                        text={t("admin.delete")}
                        intent="danger"
                        onClick={() => onDelete(user)}
                      />
                    </Menu>
                  }
                >
                  <Button
                    variant="minimal"
                    icon="more"
                    aria-label={t("admin.actionsFor", { name: isolate(fullName(user)) })}
                  />
                </PopoverNext>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
