// The users feature's public face. The screens (profile, admin users) load through app/screens.ts.
export { EditUserDialog } from "./EditUserDialog.tsx";
