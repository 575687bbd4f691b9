import { priceSignalView } from "../format.ts";
import type { PriceSignal } from "../types.ts";
import { medianText, shekels } from "./texts.ts";

// The price against the area (computed by the server over the neighbourhood and room count, 30
// days): the cards' sentence (priceSignalView, so a card and its story never disagree), the median
// ₪/room, and a small scale with the median in the middle and this flat's place on it (±30 %,
// further is drawn at the edge).

const SPAN = 0.3;

export function PriceSignalView({ signal, perRoom }: { signal: PriceSignal; perRoom: number | null }) {
  const view = priceSignalView(signal);
  if (!view) return null;
  const offset = Math.max(-SPAN, Math.min(SPAN, signal.ratio - 1));
  const left = `${50 + (offset / SPAN) * 50}%`;
  return (
    <div className={`story-signal is-${view.tone}`} data-testid="story-price-signal">
      <div className="story-signal__text">{view.text}</div>
      <div className="story-signal__scale" aria-hidden="true">
        <span className="story-signal__median" />
        <span className="story-signal__marker" style={{ left }} />
      </div>
      <div className="story-signal__legend">
        <span>{medianText(signal)}</span>
        {perRoom !== null ? <span>This flat {shekels(Math.round(perRoom))} per room</span> : null}
      </div>
    </div>
  );
}
