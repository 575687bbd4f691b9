import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { AppError, type Outbox } from "@dirabot/platform";
import {
  type Notification,
  NotificationSchema,
  PropertyMatchSchema,
} from "@dirabot/proto/notifications/v1/notifications_pb.js";
import { stageNotificationsCreated } from "./announce.ts";
import type { NotificationRow, Trx } from "./db.ts";
import type { NewNotification, NotificationsRepo } from "./notifications.repo.ts";

/** The notification types the web app knows (docs/PRODUCT.md, Notifications). */
export const TYPES = [
  "property_match",
  "system",
  "request_verified",
  "password_reset",
  "new_feature",
  "bot_invite",
];
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toProto(row: NotificationRow): Notification {
  return create(NotificationSchema, {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    body: row.body,
    type: row.type,
    isRead: row.is_read,
    url: row.url,
    createdAt: timestampFromDate(row.created_at),
    match: row.match ? create(PropertyMatchSchema, row.match) : undefined,
  });
}

const notFound = () => new AppError("not_found", "Notification not found");
const requireUser = (userId: string) => {
  if (!userId) throw new AppError("invalid_argument", "user_id is required");
};

/** The rules of in-app notifications: who sees which, paging, what a valid one is. */
export class NotificationsService {
  readonly repo: NotificationsRepo;
  readonly outbox: Outbox;
  constructor(repo: NotificationsRepo, outbox: Outbox) {
    this.repo = repo;
    this.outbox = outbox;
  }

  async list(userId: string, limit: number, skip: number) {
    requireUser(userId);
    if (limit < 0) throw new AppError("invalid_argument", "limit must be from 1 to 100");
    if (skip < 0) throw new AppError("invalid_argument", "skip must be 0 or more");
    const [rows, counts] = await Promise.all([
      this.repo.page(userId, Math.min(limit || DEFAULT_LIMIT, MAX_LIMIT), skip),
      this.repo.counts(userId),
    ]);
    return { notifications: rows.map(toProto), ...counts };
  }

  async markRead(userId: string, id: string): Promise<Notification> {
    requireUser(userId);
    // Not a uuid is an id nobody has: the same answer as someone else's.
    if (!UUID.test(id)) throw notFound();
    const row = await this.repo.markRead(userId, id);
    if (!row) throw notFound();
    return toProto(row);
  }

  /** Everyone's notifications for the admins' page; only an admin may ask. */
  async listAll(admin: boolean, limit: number, skip: number, type: string) {
    if (!admin) throw new AppError("permission_denied", "Admin access required");
    if (limit < 0) throw new AppError("invalid_argument", "limit must be from 1 to 100");
    if (skip < 0) throw new AppError("invalid_argument", "skip must be 0 or more");
    if (type && !TYPES.includes(type))
      throw new AppError("invalid_argument", `Type must be one of ${TYPES.join(", ")}`);
    const [rows, total] = await Promise.all([
      this.repo.pageAll(Math.min(limit || DEFAULT_LIMIT, MAX_LIMIT), skip, type),
      this.repo.countAll(type),
    ]);
    return { notifications: rows.map(toProto), total };
  }

  markAllRead(userId: string): Promise<number> {
    requireUser(userId);
    return this.repo.markAllRead(userId);
  }

  async create(input: NewNotification): Promise<Notification> {
    const values = validate(input);
    const row = await this.repo.db.transaction().execute((trx) => this.insert(trx, values));
    this.outbox.kick();
    return toProto(row);
  }

  /** Inserts and stages its `notifications.created` (of one) in the caller's transaction (no kick: after commit). */
  async insert(trx: Trx, values: NewNotification): Promise<NotificationRow> {
    const row = await this.repo.insert(trx, values);
    await stageNotificationsCreated(this.outbox, trx, [toProto(row)]);
    return row;
  }
}

/** What CreateNotification accepts: a known type, a title and a body, a path or http(s) link. */
export function validate(input: NewNotification): NewNotification {
  requireUser(input.user_id);
  const title = input.title.trim();
  const body = input.body.trim();
  const url = input.url.trim();
  if (!title || !body) throw new AppError("invalid_argument", "Title and body are required");
  if (title.length > 200) throw new AppError("invalid_argument", "Title must be at most 200 characters");
  if (body.length > 2000) throw new AppError("invalid_argument", "Body must be at most 2000 characters");
  // PostgreSQL text cannot hold NUL: the caller's mistake (400), not a failure of ours (500).
  if ([title, body, url].some((t) => t.includes("\u0000")))
    throw new AppError("invalid_argument", "Title, body and URL cannot contain NUL characters");
  if (!TYPES.includes(input.type))
    throw new AppError("invalid_argument", `Type must be one of ${TYPES.join(", ")}`);
  // A click opens it: only a path of this site or an http(s) address, never javascript: and the like.
  if (url && (url.length > 2000 || !/^(\/(?!\/)|https?:\/\/)/i.test(url)))
    throw new AppError("invalid_argument", "URL must be a path starting with / or an http(s) address");
  return { user_id: input.user_id, title, body, type: input.type, url, match: input.match };
}
