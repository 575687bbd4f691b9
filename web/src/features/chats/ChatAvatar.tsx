import { avatarUrl } from "../../lib/avatar.ts";
import styles from "./ChatAvatar.module.css";

/** A chat's round 40 px avatar, picked by hashing the chat id (the list's rows and the header). */
export function ChatAvatar({ chatId }: { chatId: string }) {
  return <img className={styles.avatar} src={avatarUrl(undefined, chatId)} alt="" width={40} height={40} />;
}
