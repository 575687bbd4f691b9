import { AnchorButton, Button, Classes } from "@blueprintjs/core";
import { Navigate, useNavigate } from "react-router-dom";
import { StatusCard } from "../../components/StatusCard.tsx";
import { LoadingPage } from "../system/index.ts";
import { useSessionCheck } from "./AuthProvider.tsx";
import { isAdmin } from "./types.ts";

// /banned: only for banned users (and admins, who may want to see what they see);
// everyone else goes home.

/** Where banned users can write to; set at build time with VITE_SUPPORT_EMAIL. */
const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL || "support@dirabot.app";

export function BannedPage() {
  const { status, user, signOut } = useSessionCheck();
  const navigate = useNavigate();
  if (status === "unknown" || status === "checking") return <LoadingPage />;
  if (!user || !(user.isBanned || isAdmin(user))) return <Navigate to="/" replace />;

  const reason = user.bannedReason?.trim();
  return (
    <StatusCard
      icon="blocked-person"
      intent="danger"
      title="Your account has been banned"
      description={
        <>
          <p>
            An administrator has suspended this account, so Dirabot's bots, chats and listings are closed to
            it.
          </p>
          <p>
            <strong>Reason:</strong>{" "}
            <span className={reason ? undefined : Classes.TEXT_MUTED}>{reason || "No reason given"}</span>
          </p>
          <p>If you think this is a mistake, contact the administrator.</p>
        </>
      }
      action={
        <div style={{ display: "flex", gap: 8, flexWrap: "wrap", justifyContent: "center" }}>
          <AnchorButton
            intent="primary"
            icon="envelope"
            href={`mailto:${SUPPORT_EMAIL}?subject=Banned%20account`}
          >
            Contact administrator
          </AnchorButton>
          <Button
            icon="log-out"
            onClick={() => void signOut().then(() => navigate("/login", { replace: true }))}
          >
            Logout
          </Button>
        </div>
      }
    />
  );
}
