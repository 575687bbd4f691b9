// The shape the web build hands the gateway for pages drawn ahead: written by the build
// (web scripts/critical-css.ts), read by the gateway, applied by the web's criticalCss.

/**
 * One rule of the built stylesheets, in their order: the at-rules around it (`@media …`), the
 * classes each of its selectors needs (one list a selector; empty when a selector names none),
 * and its text. An at-rule kept whole (`@keyframes`, `@font-face`) needs nothing.
 */
export type CriticalRule = [at: string[], needs: string[][], css: string];
