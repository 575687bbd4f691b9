// The notifications feature's public face for app/: the bell (top bar), the install prompt and the
// end of this device's pushes at sign-out (the signed-in layout), and the service worker's start.
// The screens are not exported: app/screens.ts loads them on demand.

export { InstallPrompt } from "./InstallPrompt.tsx";
export { NotificationBell } from "./NotificationBell.tsx";
export { forgetThisDevice } from "./signOut.ts";
export { startPwa } from "./startup.ts";
