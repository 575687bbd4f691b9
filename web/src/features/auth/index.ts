// The auth feature's public face; app/ and other features import from here only. The screens are
// not exported (app/screens.ts loads each file on demand), apart from the sign-in page, which is
// part of the first download (app/router.tsx).
export {
  AuthProvider,
  type AuthStatus,
  type AuthValue,
  checkEarly,
  useAuth,
  useSessionCheck,
} from "./AuthProvider.tsx";
export { LoginPage } from "./LoginPage.tsx";
export { saveAccountLang } from "./language.ts";
export { type OriginState, originPath, originStateFor } from "./origin.ts";
export { recheckSession } from "./recheck.ts";
export {
  isAdmin,
  type NotifySettings,
  type QuietHours,
  type Role,
  type Session,
  type User,
} from "./types.ts";
