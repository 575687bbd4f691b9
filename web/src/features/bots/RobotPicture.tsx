import clsx from "clsx";
import { useEffect, useMemo, useState } from "react";
import { importWithRetry } from "../../lib/importRetry.ts";
import styles from "./RobotPicture.module.css";

// A bot's robot picture, made in the browser as a data: URI (the CSP allows data: images), one
// string per card. The drawing code (robotUri.ts, ~20 KB compressed) is fetched the first time a
// picture is shown, not with My Bots' screen: on a phone's network the list paints without waiting
// for it, and an empty list never needs it. Until it arrives the picture's place is kept by a
// plain disc of the same size, so nothing moves.

type MakeUri = (seed: string) => string;
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

export function RobotPicture({ seed, dimmed, size = 72 }: { seed: string; dimmed: boolean; size?: number }) {
  const [make, setMake] = useState<MakeUri | null>(() => loaded);
  useEffect(() => {
    if (make) return;
    let live = true;
    void loadMaker().then((m) => live && setMake(() => m));
    return () => {
      live = false;
    };
  }, [make]);
  const uri = useMemo(() => make?.(seed), [make, seed]);
  if (!uri)
    return (
      <span
        className={clsx(styles.picture, styles.pending, dimmed && styles.dimmed)}
        style={{ width: size, height: size }}
        aria-hidden
      />
    );
  return (
    <img
      className={clsx(styles.picture, dimmed && styles.dimmed)}
      src={uri}
      width={size}
      height={size}
      alt=""
      draggable={false}
    />
  );
}
