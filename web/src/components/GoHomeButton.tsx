import { Button } from "@blueprintjs/core";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "../i18n/index.ts";

// "Go Home" of the 404 and under-construction screens: to "/", which the router sends on to
// the bots list or, for a visitor, to sign in.
export function GoHomeButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button intent="primary" size="large" icon="home" onClick={() => navigate("/")}>
      {t("goHome")}
    </Button>
  );
}
