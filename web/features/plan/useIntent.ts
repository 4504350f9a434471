import { useCallback, useRef, useState } from "react";

/**
 * Quick clicks on a grid (a second pet while the first is still saving) must neither be lost nor
 * race: each change is sent after the one before, and until the last has answered the grid
 * shows what the user asked for (the intent) rather than the plan's last known state.
 */
export function useIntent<T>(send: (value: T) => Promise<unknown>) {
  const [intent, setIntent] = useState<{ value: T } | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const queued = useRef(0);
  const sendRef = useRef(send);
  sendRef.current = send;

  const run = useCallback((value: T) => {
    setIntent({ value });
    queued.current += 1;
    chain.current = chain.current
      .then(() => sendRef.current(value))
      .catch(() => {
        // The API client has shown the refusal; the plan's state shows again below.
      })
      .finally(() => {
        queued.current -= 1;
        if (queued.current === 0) setIntent(null);
      });
  }, []);

  return { intent, run };
}
