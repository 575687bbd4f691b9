// `Trans` (a sentence with elements inside) apart from index.ts: it brings an HTML parser, and
// no first screen draws one. Re-exported from index.ts, every first download carried it.
export { Trans } from "react-i18next";
