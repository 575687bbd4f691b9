// The notification shapes as the gateway sends them: the API contract's (@dirabot/api). A type is
// kept a string so a type added later still renders (as system).
export type {
  AdminNotification,
  AdminNotificationPage,
  Notification as AppNotification,
  NotificationPage,
} from "@dirabot/api";
export { NOTIFICATION_TYPES, type NotificationType } from "@dirabot/api/constants.ts";
