import { HTMLSelect } from "@blueprintjs/core";
import { useState } from "react";
import { isLang, type Lang, useTranslation } from "../i18n/index.ts";
import { languageOptions, switchLang } from "../i18n/language.ts";
import styles from "./LanguagePicker.module.css";

// The language picker: English and עברית, German and French listed as not yet available. A choice
// applies at once (no reload), is remembered in this browser, and `onChosen` keeps it on the
// signed-in account. Each language is named in its own script, so a reader finds theirs whichever
// language the page is in.

export function LanguagePicker({
  onChosen,
  minimal = false,
}: {
  /** Called after the switch: the top bar saves the choice to the account here. */
  onChosen?: (lang: Lang) => void;
  minimal?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [switching, setSwitching] = useState(false);
  const value = isLang(i18n.language) ? i18n.language : "en";
  const options = languageOptions(t);
  return (
    <HTMLSelect
      className={styles.picker}
      aria-label={t("language.label")}
      title={t("language.hint")}
      minimal={minimal}
      value={value}
      disabled={switching}
      options={options}
      onChange={(event) => {
        const lang = event.currentTarget.value;
        if (!isLang(lang) || lang === value) return;
        setSwitching(true);
        void switchLang(lang)
          .then(() => onChosen?.(lang))
          .finally(() => setSwitching(false));
      }}
    />
  );
}
