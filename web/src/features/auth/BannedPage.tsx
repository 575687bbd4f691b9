import { AnchorButton, Button, Classes } from "@blueprintjs/core";
import { Navigate, useNavigate } from "react-router-dom";
import { StatusCard } from "../../components/StatusCard.tsx";
import { useTranslation } from "../../i18n/index.ts";
import { LoadingPage } from "../system/index.ts";
import { useSessionCheck } from "./AuthProvider.tsx";
import { isAdmin } from "./types.ts";

// /banned: only for banned users (and admins, who may want to see what they see);
// everyone else goes home.

/** Where banned users can write to; set at build time with VITE_SUPPORT_EMAIL. */
const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL || "support@dirabot.app";

export function BannedPage() {
  const { t } = useTranslation("auth");
  const { status, user, bannedReason, signOut } = useSessionCheck();
  const navigate = useNavigate();
  if (status === "unknown" || status === "checking") return <LoadingPage />;
  // A session a ban ended has no user, only the ban's reason (the server's 401 "banned").
  const endedByBan = !user && bannedReason !== undefined;
  if (!endedByBan && !(user && (user.isBanned || isAdmin(user)))) return <Navigate to="/" replace />;

  const reason = (user ? user.bannedReason : bannedReason)?.trim();
  return (
    <StatusCard
      icon="blocked-person"
      intent="danger"
      title={t("banned.title")}
      description={
        <>
          <p>{t("banned.body")}</p>
          <p>
            <strong>{t("banned.reason")}</strong>{" "}
            {reason ? (
              <bdi>{reason}</bdi>
            ) : (
              <span className={Classes.TEXT_MUTED}>{t("banned.noReason")}</span>
            )}
          </p>
          <p>{t("banned.mistake")}</p>
        </>
      }
      action={
        <div style={{ display: "flex", gap: 8, flexWrap: "wrap", justifyContent: "center" }}>
          <AnchorButton
            intent="primary"
            icon="envelope"
            href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t("banned.mailSubject"))}`}
          >
            {t("banned.contact")}
          </AnchorButton>
          <Button
            icon="log-out"
            onClick={() => void signOut().then(() => navigate("/login", { replace: true }))}
          >
            {t("banned.logout")}
          </Button>
        </div>
      }
    />
  );
}
