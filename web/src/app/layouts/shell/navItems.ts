import type { IconName } from "@blueprintjs/core";

// The side nav's destinations. Admin Tools shows for admins only.
export interface NavItem {
  label: string;
  to: string;
  icon: IconName;
}

export const MAIN_ITEMS: NavItem[] = [
  { label: "Bots", to: "/bots", icon: "lab-test" },
  { label: "Properties", to: "/properties", icon: "home" },
  { label: "Notifications", to: "/notifications", icon: "notifications" },
  { label: "Chats", to: "/chats", icon: "chat" },
];

export const ADMIN_ITEMS: NavItem[] = [
  { label: "Dashboard", to: "/admin/dashboard", icon: "dashboard" },
  { label: "Users", to: "/admin/user", icon: "people" },
  { label: "Telegram", to: "/admin/telegram", icon: "send-message" },
  { label: "Admin Bots", to: "/admin/bots", icon: "lab-test" },
  { label: "Admin Chats", to: "/admin/chats", icon: "chat" },
  { label: "Admin Properties", to: "/admin/properties", icon: "home" },
  { label: "Admin Notifications", to: "/admin/notifications", icon: "notifications" },
];
