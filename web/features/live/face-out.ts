/**
 * The studio's face outlet (docs/decisions/036, "Face relay"): the capture's results leave as face
 * frames, at most 30 a second: on the studio socket to the user's OBS sources, or, while a cloud
 * session is live, to its stream (CloudView forwards CLOUD_FACE_EVENT) for the render page.
 */
import { type RefObject, useEffect, useMemo, useRef } from "react";
import type { Capture } from "../../three/plan/types.ts";
import { CLOUD_FACE_EVENT } from "./CloudView.tsx";
import { createFaceSender } from "./face-link.ts";
import type { LiveSocketHandle } from "./socket.ts";

export function useFaceOutlet(
  socket: RefObject<LiveSocketHandle | null>,
  cloud: boolean,
): (capture: Capture | null) => void {
  const toCloud = useRef(cloud);
  toCloud.current = cloud;
  const sender = useMemo(
    () =>
      createFaceSender((frame) => {
        if (toCloud.current) window.dispatchEvent(new CustomEvent(CLOUD_FACE_EVENT, { detail: frame }));
        else socket.current?.send(frame);
      }),
    [socket],
  );
  useEffect(() => () => sender.stop(), [sender]);
  return sender.capture;
}
