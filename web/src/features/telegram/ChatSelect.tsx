import { Button, MenuItem } from "@blueprintjs/core";
import { type ItemPredicate, type ItemRenderer, Select } from "@blueprintjs/select";
import { i18n, useTranslation } from "../../i18n/index.ts";
import type { TelegramChat } from "./api.ts";
import { chatName } from "./format.ts";
import { textOf } from "./texts.ts";
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
  c.type === "group"
    ? i18n.t("telegram:select.group")
    : c.user
      ? c.user.fullname || c.user.email
      : i18n.t("telegram:select.privateChat");

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
  const { t } = useTranslation("telegram");
  const renderItem: ItemRenderer<TelegramChat> = (c, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={c.chatId}
        icon={c.type === "group" ? "people" : "person"}
        text={<bdi>{chatName(c)}</bdi>}
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
          text={loading ? t("select.loading") : textOf("noChats")}
          roleStructure="listoption"
        />
      }
      inputProps={{ placeholder: t("select.search"), "aria-label": t("select.searchLabel") }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      fill
    >
      <Button
        id="tg-direct-chat"
        fill
        alignText="start"
        endIcon="caret-down"
        icon={value ? (value.type === "group" ? "people" : "person") : "chat"}
        text={value ? <bdi>{chatName(value)}</bdi> : t("select.pick")}
        aria-label={value ? t("select.chosen", { name: chatName(value) }) : t("select.pick")}
      />
    </Select>
  );
}
