import { Icon } from "@blueprintjs/core";
import { Link } from "react-router-dom";
import { useTranslation } from "../../i18n/index.ts";
import { Places } from "./Isolated.tsx";
import styles from "./PriceDrop.module.css";
import type { Message } from "./types.ts";

/** Whether a message is a bot's note that a flat it sent dropped in price. */
export const isPriceDrop = (message: Message): boolean => message.kind === "price_drop";

/**
 * A bot's price-drop note: "Price dropped: ₪7,500 → ₪6,900" (the server's words in the account's
 * language, as React text, laid out in their own direction) with the flat it is about, which opens
 * the flat's story. Good news, so it is set apart from the chat's text in green, in both themes.
 */
export function PriceDrop({ message }: { message: Message }) {
  const { t } = useTranslation("chats");
  const flat = message.asset;
  return (
    <div className={styles.drop} data-testid="price-drop">
      <Icon icon="trending-down" size={20} className={styles.icon} aria-label={t("priceDrop.label")} />
      <div className={styles.body}>
        <div className={styles.text} dir="auto">
          {message.content}
        </div>
        {flat ? (
          <Link className={styles.flat} to={`/properties?story=${encodeURIComponent(flat._id)}`}>
            {flat.location.trim() ? <Places raw={flat.location} /> : t("asset.property")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
