import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { lookUpGroupCode } from "./api.ts";

/** A Telegram group's code from a link, with the group it would post to, waiting for the person's yes. */
export interface GroupOffer {
  code: string;
  chatName: string;
}

/**
 * The `code` query parameter of /bots: strip it from the address and look the group up, without
 * redeeming it (a link alone never adds a bot); the page then asks the person to confirm the group
 * in the wizard. A failure reports why (else 'Verification failed'), so the page opens the wizard
 * with it. Runs once per code, also under StrictMode's double effects.
 */
export function useCodeParameter(
  onGroup: (offer: GroupOffer) => void,
  onFailure: (message: string) => void,
): void {
  const [params, setParams] = useSearchParams();
  const handled = useRef<string | null>(null);
  const code = params.get("code");

  useEffect(() => {
    if (!code || handled.current === code) return;
    handled.current = code;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("code");
        return next;
      },
      { replace: true },
    );
    lookUpGroupCode(code).then(
      (group) => onGroup({ code, chatName: group.chatName }),
      (error: Error) => onFailure(error.message),
    );
  }, [code, setParams, onGroup, onFailure]);
}
