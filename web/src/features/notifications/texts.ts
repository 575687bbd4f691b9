// Every fixed text of the notifications feature, character for character. A text that ends with
// "..." is kept so: the ellipsis is part of the text, not a cut.

export const PushErrors = {
  unsupported: "Push notifications are not supported by this browser",
  iosVersion: "Push notifications require Safari 16.4+ and iOS 16.4+",
  iosBlocked: "Notifications are blocked. Please enable them in Safari settings...",
  denied: "Notification permission was denied...",
  permissionRequired: "Notification permission is required to subscribe to push notifications",
  workerTimeout: "Service worker registration timeout",
  workerFailed: (reason: string) => `Service worker registration failed: ${reason}`,
  invalidFromPushManager: "Invalid subscription received from push manager",
  keysMissing: "Subscription keys are missing",
  missingFields: "Invalid subscription: missing required fields",
  missingEndpoint: "Invalid subscription: missing endpoint",
  notAllowed: "Push notifications are not allowed...",
  aborted: "Push subscription was aborted. Please try again.",
} as const;

export const PageTexts = {
  loadFailed: "Failed to load notifications",
  markReadFailed: "Failed to mark notification as read",
  markAllFailed: "Failed to mark notifications as read",
  toggleFailed: "Failed to change subscription status",
  sendFailed: "Failed to send notification",
  sent: "Notification sent successfully!",
  titleBodyRequired: "Title and body are required",
  empty: "No Notifications",
  setupComplete: "Notifications Setup Complete",
  resetSetup: "Reset Setup",
  notFullySupported: "Web Push Notifications are not fully supported on this browser.",
  blockerTitle: "Notifications Not Supported Here",
  gotIt: "Got It",
  enable: "Enable Notifications",
  markAll: "Mark all as read",
  viewAll: "View All",
  testTitle: "Send Test Notification",
} as const;

/** An error whose message is one of the texts above, to be shown as it is. */
export class PushError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PushError";
  }
}
