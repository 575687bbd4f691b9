import { useTranslation } from "react-i18next";
import { dirOf, i18n, isLang } from "./index.ts";

// The few places whose direction CSS cannot set (a Blueprint Drawer's `position`, a tooltip's
// `placement`, the price slider's values) ask this module which way the page reads. Everything else
// mirrors through logical CSS properties and app/rtl.css.

export type Direction = "ltr" | "rtl";
export type Side = "left" | "right";

/** The direction of a language i18next knows (a language it does not know reads left to right). */
export const directionOf = (lang: string | undefined): Direction => (isLang(lang) ? dirOf(lang) : "ltr");

/** The page's direction now, outside React. */
export const currentDirection = (): Direction => directionOf(i18n.language);

/** The page's direction, re-rendering the caller when the language changes. */
export function useDirection(): Direction {
  const { i18n: instance } = useTranslation();
  return directionOf(instance.language);
}

/** The physical side where lines start in `dir`: left in English, right in Hebrew. */
export const inlineStart = (dir: Direction): Side => (dir === "rtl" ? "right" : "left");

/** The physical side where lines end in `dir`: right in English, left in Hebrew. */
export const inlineEnd = (dir: Direction): Side => (dir === "rtl" ? "left" : "right");
