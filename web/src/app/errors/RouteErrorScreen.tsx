import { useEffect } from "react";
import { useRouteError } from "react-router-dom";
import { ErrorScreen } from "./ErrorScreen.tsx";

// The router's errorElement: a screen that throws while rendering, or whose code fails to download.
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error("Route error", error);
  }, [error]);
  return <ErrorScreen />;
}
