import { useState } from "react";

/**
 * A field's value ahead of the address it is written to. Navigations are transitions, so a field
 * fed only from the address shows its old value until one commits, and a quick second key (an
 * arrow on a select) would start from there. A change from outside (a chip removed, Back) wins.
 */
export function useAhead<T>(value: T): [T, (next: T) => void] {
  const [local, setLocal] = useState(value);
  const [from, setFrom] = useState(value);
  if (!Object.is(from, value)) {
    // React's pattern for state that follows a prop: set during render, redrawn at once.
    setFrom(value);
    setLocal(value);
    return [value, setLocal];
  }
  return [local, setLocal];
}
