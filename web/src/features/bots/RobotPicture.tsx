import * as bottts from "@dicebear/bottts";
import { createAvatar } from "@dicebear/core";
import clsx from "clsx";
import { useMemo } from "react";
import styles from "./RobotPicture.module.css";

// A bot's robot picture: DiceBear's Bottts style seeded by the bot's id, so a
// bot keeps its face everywhere and two bots rarely share one. Made in the browser as a data: URI
// (the CSP allows data: images), one string per card.

const BACKGROUNDS = ["b6e3f4", "c0aede", "d1d4f9", "ffd5dc", "ffdfbf", "c7f0e1"];

export function robotUri(seed: string): string {
  return createAvatar(bottts, { seed, backgroundColor: BACKGROUNDS, radius: 50 }).toDataUri();
}

export function RobotPicture({ seed, dimmed, size = 72 }: { seed: string; dimmed: boolean; size?: number }) {
  const uri = useMemo(() => robotUri(seed), [seed]);
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
