// The install-to-home-screen prompt: shown on mobile when the app is not installed and was not
// offered before (the storage key pwaPrompted).

export interface InstallFacts {
  mobile: boolean;
  /** Running as the installed app. */
  standalone: boolean;
  /** localStorage 'pwaPrompted' is set: the person has seen the prompt once already. */
  prompted: boolean;
}

export const shouldOfferInstall = (f: InstallFacts) => f.mobile && !f.standalone && !f.prompted;

/**
 * How to install here: the browser's own dialog when it offered one (beforeinstallprompt, Chromium
 * browsers), Safari's Share → Add to Home Screen on iOS (no such event there), else the browser
 * menu's words.
 */
export type InstallWay = "prompt" | "ios" | "menu";

export function installWay(ios: boolean, browserOffered: boolean): InstallWay {
  if (browserOffered) return "prompt";
  return ios ? "ios" : "menu";
}

/** 'pwaPrompted' holds "true" once shown; any other value (or none) has not been. */
export const wasPrompted = (stored: string | null) => stored === "true";
