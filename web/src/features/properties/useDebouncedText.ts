import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A text box's value that reaches `onCommit` only after `delay` ms without typing (the address is
 * not rewritten at every keystroke). A change from outside (a chip removed, Back) replaces what
 * the box shows, unless the user is in the middle of typing.
 */
export function useDebouncedText(value: string, onCommit: (text: string) => void, delay = 300) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  useEffect(() => {
    if (timer.current === undefined) setText(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = useCallback(
    (next: string) => {
      setText(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        commit.current(next);
      }, delay);
    },
    [delay],
  );
  /** Commits at once (Enter, the clear button). */
  const flush = useCallback((next: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setText(next);
    commit.current(next);
  }, []);

  return { text, change, flush };
}
