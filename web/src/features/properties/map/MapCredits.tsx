import { BOUNDARY_CREDITS, TILE_CREDITS } from "../../../lib/map/tiles.ts";
import styles from "./MapCredits.module.css";

// The map's credits, as the area picker gives them: the tiles' and the boundary sources'.

export function MapCredits() {
  return (
    <footer className={styles.credits}>
      {TILE_CREDITS.map((credit) => (
        <a key={credit.href} href={credit.href} target="_blank" rel="noreferrer">
          {credit.label}
        </a>
      ))}
      <span dir="rtl">{BOUNDARY_CREDITS}</span>
    </footer>
  );
}
