import { Button } from "@blueprintjs/core";
import { useNavigate } from "react-router-dom";

// "Go Home" of the 404 and under-construction screens: to "/", which the router sends on to
// the bots list or, for a visitor, to sign in.
export function GoHomeButton() {
  const navigate = useNavigate();
  return (
    <Button intent="primary" size="large" icon="home" onClick={() => navigate("/")}>
      Go Home
    </Button>
  );
}
