import clsx from "clsx";
import { lazy, Suspense, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useTranslation } from "../../i18n/index.ts";
import { useMediaQuery } from "../../lib/useMediaQuery.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { useAuth } from "../auth/index.ts";
import { ChatPane } from "./ChatPane.tsx";
import { type ChatSection, ChatSidebar } from "./ChatSidebar.tsx";
import styles from "./ChatsPage.module.css";
import { StoryOpener } from "./storyContext.ts";
import { useChatStory } from "./useChatStory.ts";

// The properties' story drawer, fetched when a card first opens one.
const StoryDrawer = lazy(() => import("../properties/index.ts").then((m) => ({ default: m.StoryDrawer })));

// The chats screen frame: the list and the conversation side by side, or on small
// screens one of them at a time with a back button. Used by /chats and /admin/chats.

/** Wide enough for the 280 px list and a readable conversation. */
export const SPLIT_SCREEN = "(min-width: 768px)";

export function ChatsScreen({
  base,
  sections,
  loading,
  error,
}: {
  base: string;
  sections: ChatSection[];
  loading: boolean;
  error: string | null;
}) {
  const { t } = useTranslation("chats");
  usePageTitle(t("title"));
  const { user } = useAuth();
  const { chatId } = useParams();
  const split = useMediaQuery(SPLIT_SCREEN);
  const navigate = useNavigate();
  const { story, open, close } = useChatStory();
  // Mounted from the first opening on, so the drawer slides away when it closes.
  const [drawer, setDrawer] = useState(story !== null);
  if (story !== null && !drawer) setDrawer(true);
  if (!user) return null;
  const showList = split || !chatId;
  const showPane = split || Boolean(chatId);
  return (
    <StoryOpener.Provider value={open}>
      <div className={clsx(styles.screen, split && styles.split)}>
        {showList ? (
          <ChatSidebar
            className={styles.sidebar}
            sections={sections}
            loading={loading}
            error={error}
            linkTo={(chat) => `${base}/${encodeURIComponent(chat._id)}`}
          />
        ) : null}
        {showPane ? (
          <ChatPane chatId={chatId} user={user} onBack={split ? undefined : () => navigate(base)} />
        ) : null}
        {drawer ? (
          <Suspense fallback={null}>
            <StoryDrawer assetId={story} onClose={close} />
          </Suspense>
        ) : null}
      </div>
    </StoryOpener.Provider>
  );
}
