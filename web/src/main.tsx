import "@blueprintjs/core/lib/css/blueprint.css";
import "./app/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks the #root element");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
