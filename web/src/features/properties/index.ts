// The properties feature's public face for other features. The screens are not exported:
// app/screens.ts loads them on demand. Import this module on demand too (the chats do): the story
// drawer's code is only needed when a story opens.

export { StoryDrawer } from "./StoryDrawer.tsx";
