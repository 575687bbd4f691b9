import type { IconName } from "@blueprintjs/core";

// The side nav's destinations. Admin Tools shows for admins only. `label` is the item's key in
// the shell catalogue (shell:nav.<label>).
export interface NavItem {
  label: string;
  to: string;
  icon: IconName;
}

export const MAIN_ITEMS: NavItem[] = [
  { label: "bots", to: "/bots", icon: "lab-test" },
  { label: "properties", to: "/properties", icon: "home" },
  { label: "notifications", to: "/notifications", icon: "notifications" },
  { label: "chats", to: "/chats", icon: "chat" },
];

export const ADMIN_ITEMS: NavItem[] = [
  { label: "dashboard", to: "/admin/dashboard", icon: "dashboard" },
  { label: "users", to: "/admin/user", icon: "people" },
  { label: "telegram", to: "/admin/telegram", icon: "send-message" },
  { label: "adminBots", to: "/admin/bots", icon: "lab-test" },
  { label: "adminChats", to: "/admin/chats", icon: "chat" },
  { label: "adminProperties", to: "/admin/properties", icon: "home" },
  { label: "adminNotifications", to: "/admin/notifications", icon: "notifications" },
];
