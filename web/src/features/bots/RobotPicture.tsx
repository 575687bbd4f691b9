import clsx from "clsx";
import { useEffect, useMemo, useState } from "react";
import { importWithRetry } from "../../lib/importRetry.ts";
import styles from "./RobotPicture.module.css";

// A bot's robot picture, made in the browser as a data: URI (the CSP allows data: images), one
// string per card. The drawing code (robotUri.ts) is fetched the first time a
// picture is shown, not with My Bots' screen: on a phone's network the list paints without waiting
// for it, and an empty list never needs it. Until it arrives the picture's place is kept by a
// plain disc of the same size, so nothing moves.

type MakeUri = (seed: string, awake?: boolean) => string;
let loaded: MakeUri | null = null;
// One download for every picture, tried again after a failure (importWithRetry) until it arrives.
let loading: Promise<MakeUri> | null = null;

function loadMaker(): Promise<MakeUri> {
  loading ??= importWithRetry(() => import("./robotUri.ts")).then((m) => {
    loaded = (m as NonNullable<typeof m>).robotUri; // always wanted: it ends only with the module
    return loaded;
  });
  return loading;
}

/**
 * `dimmed`: the bot is paused, drawn asleep (crossed-out eyes, greyed); else awake, in colour.
 * `waiting`: on but not yet working (no areas): awake, its colours softened.
 */
export function RobotPicture({
  seed,
  dimmed,
  waiting = false,
  size = 72,
}: {
  seed: string;
  dimmed: boolean;
  waiting?: boolean;
  size?: number;
}) {
  const [make, setMake] = useState<MakeUri | null>(() => loaded);
  useEffect(() => {
    if (make) return;
    let live = true;
    void loadMaker().then((m) => live && setMake(() => m));
    return () => {
      live = false;
    };
  }, [make]);
  const uri = useMemo(() => make?.(seed, !dimmed), [make, seed, dimmed]);
  const look = clsx(styles.picture, dimmed ? styles.dimmed : waiting && styles.waiting);
  if (!uri)
    return <span className={clsx(look, styles.pending)} style={{ width: size, height: size }} aria-hidden />;
  return (
    <img
      className={look}
      src={uri}
      data-look={dimmed ? "asleep" : waiting ? "waiting" : "awake"}
      width={size}
      height={size}
      alt=""
      draggable={false}
    />
  );
}
