import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { verifyCode } from "./api.ts";
import { useBotCache } from "./useBots.ts";

/**
 * The `code` query parameter of /bots: verify it, add the bot it registered to the list
 * and strip it from the address; a failure reports 'Verification failed' so the page opens the
 * wizard. Runs once per code, also under StrictMode's double effects.
 */
export function useCodeParameter(onFailure: (message: string) => void): void {
  const [params, setParams] = useSearchParams();
  const cache = useBotCache();
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
    verifyCode(code).then(cache.put, (error: Error) => onFailure(error.message));
  }, [code, setParams, cache, onFailure]);
}
