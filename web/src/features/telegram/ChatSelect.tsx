import { Button, MenuItem } from "@blueprintjs/core";
import { type ItemPredicate, type ItemRenderer, Select } from "@blueprintjs/select";
import type { TelegramChat } from "./api.ts";
import { chatName } from "./format.ts";
import "@blueprintjs/select/lib/css/blueprint-select.css";

// The Direct Message tab's chat: a searchable list of the chats the bot knows (name, @username,
// the linked Dirabot user, the chat id).

const matches: ItemPredicate<TelegramChat> = (query, c) => {
  const q = query.trim().toLowerCase();
  return (
    !q ||
    [c.chatName, c.chatId, c.user?.fullname ?? "", c.user?.email ?? ""].some((s) =>
      s.toLowerCase().includes(q),
    )
  );
};

const detail = (c: TelegramChat) =>
  c.type === "group" ? "Group" : c.user ? c.user.fullname || c.user.email : "Private chat";

export function ChatSelect({
  chats,
  value,
  onChange,
  loading,
}: {
  chats: TelegramChat[];
  value: TelegramChat | null;
  onChange: (chat: TelegramChat) => void;
  loading: boolean;
}) {
  const renderItem: ItemRenderer<TelegramChat> = (c, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={c.chatId}
        icon={c.type === "group" ? "people" : "person"}
        text={chatName(c)}
        label={detail(c)}
        roleStructure="listoption"
        selected={c.chatId === value?.chatId}
        active={modifiers.active}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;
  return (
    <Select<TelegramChat>
      items={chats}
      itemPredicate={matches}
      itemRenderer={renderItem}
      onItemSelect={onChange}
      noResults={
        <MenuItem
          disabled
          text={loading ? "Loading chats..." : "No chats found"}
          roleStructure="listoption"
        />
      }
      inputProps={{ placeholder: "Search chats...", "aria-label": "Search chats" }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      fill
    >
      <Button
        id="tg-direct-chat"
        fill
        alignText="start"
        endIcon="caret-down"
        icon={value ? (value.type === "group" ? "people" : "person") : "chat"}
        text={value ? chatName(value) : "Select a chat"}
        aria-label={value ? `Chat: ${chatName(value)}` : "Select a chat"}
      />
    </Select>
  );
}
