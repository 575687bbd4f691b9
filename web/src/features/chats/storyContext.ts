import { createContext, useContext } from "react";

// How an asset card opens its flat's story: the chats screen owns the drawer (and the address
// bar's `?story=`), the cards deep in the message list only ask for it.

export const StoryOpener = createContext<((assetId: string) => void) | null>(null);

export const useOpenStory = () => useContext(StoryOpener);
