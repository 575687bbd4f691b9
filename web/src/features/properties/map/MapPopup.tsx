import { createPortal } from "react-dom";
import type { PropertyAsset } from "../types.ts";
import { ListingPopup } from "./ListingPopup.tsx";
import { SpotList } from "./SpotList.tsx";

export interface Popup {
  /** The listings at the clicked marker: one, or several at one spot. */
  ids: string[];
  coordinate: number[];
  /** The one shown; null while several are listed. */
  id: string | null;
}

interface Props {
  popup: Popup;
  /** The element the map places over the marker. */
  anchor: HTMLElement;
  shown: { asset: PropertyAsset | null; loading: boolean; error: Error | null };
  /** The listings of the map's answer, by id (the spot list's rows). */
  known: ReadonlyMap<string, PropertyAsset>;
  onChange: (popup: Popup | null) => void;
  onOpenStory: (id: string) => void;
}

/** The card over a clicked marker: one listing, or the list of those at one spot. */
export function MapPopup({ popup, anchor, shown, known, onChange, onOpenStory }: Props) {
  const close = () => onChange(null);
  return createPortal(
    popup.id ? (
      <ListingPopup
        asset={shown.asset}
        loading={shown.loading}
        error={shown.error}
        onBack={popup.ids.length > 1 ? () => onChange({ ...popup, id: null }) : undefined}
        onClose={close}
        onOpenStory={onOpenStory}
      />
    ) : (
      <SpotList ids={popup.ids} known={known} onPick={(id) => onChange({ ...popup, id })} onClose={close} />
    ),
    anchor,
  );
}
