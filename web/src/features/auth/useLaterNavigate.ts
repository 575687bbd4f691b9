import { useEffect } from "react";
import { useNavigate } from "react-router-dom";

/** Goes to `to` after `ms` once `when` is true ("redirect after 3 seconds" and the like). */
export function useLaterNavigate(when: boolean, to: string, ms: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = window.setTimeout(() => navigate(to, { replace: true }), ms);
    return () => window.clearTimeout(timer);
  }, [when, to, ms, navigate]);
}
