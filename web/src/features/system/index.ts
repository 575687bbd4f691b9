// UnderConstructionPage is deliberately absent: app/screens.ts loads it lazily, like the real screens
// that will replace it, and a static import here would pull it into the main bundle.
export { LoadingPage } from "./LoadingPage.tsx";
export { NotFoundPage } from "./NotFoundPage.tsx";
