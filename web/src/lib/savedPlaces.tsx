import { createContext, type ReactNode, useContext } from "react";
import { placesOf, type SavedPlace } from "./distance.ts";

// The signed-in reader's places, for every card that says how far a flat is: the app puts the
// account's in (app/providers.tsx); outside it (a card drawn alone, a signed-out page) there are none.

const SavedPlacesContext = createContext<readonly SavedPlace[]>([]);

export function SavedPlacesProvider({ user, children }: { user: object | null; children: ReactNode }) {
  return <SavedPlacesContext.Provider value={placesOf(user)}>{children}</SavedPlacesContext.Provider>;
}

export const useSavedPlaces = (): readonly SavedPlace[] => useContext(SavedPlacesContext);
