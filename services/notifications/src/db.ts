import type { Generated, Kysely, Selectable, Transaction } from "kysely";

/** The notifications schema as Kysely sees it. */
export interface NotificationsDb {
  notifications: {
    id: Generated<string>;
    user_id: string;
    title: string;
    body: string;
    type: string;
    is_read: Generated<boolean>;
    url: Generated<string>;
    created_at: Generated<Date>;
  };
}
export type NotificationRow = Selectable<NotificationsDb["notifications"]>;
export type Db = Kysely<NotificationsDb>;
export type Trx = Transaction<NotificationsDb>;
