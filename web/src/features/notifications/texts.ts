import { i18n } from "../../i18n/index.ts";

// Every fixed text of the notifications feature, from the catalogue (locales/<lang>/notifications.json)
// in the reader's language when it is read; the English ones are the spec's, character for
// character. A text that ends with "..." is kept so: the ellipsis is part of the text, not a cut.

type Texts<K extends string> = { readonly [key in K]: string };

/** An object whose every key reads its catalogue text at the moment it is read. */
function catalogue<const K extends string>(group: string, keys: readonly K[]): Texts<K> {
  const texts = {} as Texts<K>;
  for (const key of keys)
    Object.defineProperty(texts, key, {
      enumerable: true,
      get: (): string => i18n.t(`notifications:${group}.${key}` as string),
    });
  return texts;
}

// Not spread: a spread would read the getters once, in the language of that moment.
export const PushErrors = Object.assign(
  catalogue("push", [
    "unsupported",
    "iosVersion",
    "iosBlocked",
    "denied",
    "permissionRequired",
    "workerTimeout",
    "invalidFromPushManager",
    "keysMissing",
    "missingFields",
    "missingEndpoint",
    "notAllowed",
    "aborted",
  ]),
  { workerFailed: (reason: string) => i18n.t("notifications:push.workerFailed", { reason }) },
);

export const PageTexts = catalogue("page", [
  "loadFailed",
  "markReadFailed",
  "markAllFailed",
  "toggleFailed",
  "sendFailed",
  "sent",
  "titleBodyRequired",
  "empty",
  "setupComplete",
  "resetSetup",
  "notFullySupported",
  "blockerTitle",
  "gotIt",
  "enable",
  "markAll",
  "viewAll",
  "testTitle",
]);

/** An error whose message is one of the texts above, to be shown as it is. */
export class PushError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PushError";
  }
}
