import { useEffect, useState } from "react";
import { frameAt, msToNextFrame } from "./frames.ts";

/**
 * Steps through the loading frames on a timer while `active` (one frame every 1000/15 ms),
 * starting at frame 0 each time it becomes active.
 */
export function useFrameStepper(active: boolean): number {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    if (!active) return;
    const start = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const elapsed = Date.now() - start;
      setFrame(frameAt(elapsed));
      timer = setTimeout(tick, msToNextFrame(elapsed));
    };
    setFrame(0);
    timer = setTimeout(tick, msToNextFrame(0));
    return () => clearTimeout(timer);
  }, [active]);
  return frame;
}
