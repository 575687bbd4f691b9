import "@blueprintjs/core/lib/css/blueprint.css";
import "./app/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { loadIconsOnDemand } from "./lib/icons.ts";

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks the #root element");

loadIconsOnDemand();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
