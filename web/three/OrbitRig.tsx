import { useFrame, useThree } from "@react-three/fiber";
import { useEffect, useMemo } from "react";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import { useInvalidate } from "./pacing.ts";
import { registerView } from "./probe.ts";

const DEG = Math.PI / 180;
/** OrbitControls' damping for one frame at 60 fps. */
const DAMPING = 0.12;
/** A frame after a rest (demand rendering) has a long delta: counted as at most this long. */
const MAX_FRAME_S = 0.25;

/** Orbit around the face: drag to turn, wheel to zoom, within limits that keep the bust in view. */
export function OrbitRig({ target, distance }: { target: [number, number, number]; distance: number }) {
  const camera = useThree((s) => s.camera);
  const element = useThree((s) => s.gl.domElement);
  const controls = useMemo(() => new OrbitControls(camera, element), [camera, element]);
  const invalidate = useInvalidate();

  useEffect(() => {
    controls.target.set(...target);
    controls.enableDamping = true;
    controls.dampingFactor = DAMPING;
    controls.enablePan = false;
    controls.minDistance = distance * 0.45;
    controls.maxDistance = distance * 1.6;
    controls.minPolarAngle = 50 * DEG;
    controls.maxPolarAngle = 115 * DEG;
    controls.minAzimuthAngle = -100 * DEG;
    controls.maxAzimuthAngle = 100 * DEG;
    camera.position.set(target[0], target[1] + distance * 0.06, target[2] + distance);
    controls.update();
    // On-demand rendering: a drag (or the wheel) asks for a frame; the damping after it asks for
    // the frames that follow (below).
    controls.addEventListener("change", invalidate);
    controls.addEventListener("start", invalidate);
    invalidate();
    registerView({
      orbit(azimuthDeg, polarDeg = 86) {
        const r = camera.position.distanceTo(controls.target);
        const az = azimuthDeg * DEG;
        const polar = polarDeg * DEG;
        camera.position.set(
          controls.target.x + r * Math.sin(polar) * Math.sin(az),
          controls.target.y + r * Math.cos(polar),
          controls.target.z + r * Math.sin(polar) * Math.cos(az),
        );
        controls.update();
      },
    });
    return () => {
      controls.removeEventListener("change", invalidate);
      controls.removeEventListener("start", invalidate);
      registerView(null);
      controls.dispose();
    };
  }, [controls, camera, target, distance, invalidate]);

  // While the damping still turns the camera, update() reports a change (and fires "change").
  // The damping is per frame in OrbitControls; scaled by the frame's length here, the camera coasts
  // for the same time at any frame rate: about 0.4 s after a drag, where a software-rendered view
  // at 7 fps coasted for 25 frames and 3.5 s (docs/decisions/031).
  useFrame((_, delta) => {
    controls.dampingFactor = 1 - (1 - DAMPING) ** (Math.min(delta, MAX_FRAME_S) * 60);
    controls.update();
  });
  return null;
}
