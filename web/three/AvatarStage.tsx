import { Canvas } from "@react-three/fiber";
import type { ReactNode } from "react";
import { antialias } from "./gpu.ts";
import { OrbitRig } from "./OrbitRig.tsx";
import "./stage.css";

/** Where the camera looks (a little below the chin, so head and shoulders frame) and from how far. */
const TARGET: [number, number, number] = [0, -0.085, 0];
const DISTANCE = 1.2;

/**
 * The lit, orbitable stage for an avatar: a studio three-point light (warm key, cool fill, rim
 * behind) over a soft gradient backdrop drawn by CSS behind a transparent canvas.
 */
export function AvatarStage({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className="avatar-stage" data-testid="avatar-stage">
      <Canvas
        camera={{ fov: 30, near: 0.05, far: 20, position: [0, TARGET[1], DISTANCE] }}
        dpr={[1, 2]}
        // Drawn only when something changed (pacing.ts): an idle editor costs nothing.
        frameloop="demand"
        // MSAA with a GPU only: drawn in software it halved the frame rate (gpu.ts, decision 045)
        gl={{ alpha: true, antialias: antialias() }}
        aria-label={label}
        role="img"
      >
        <hemisphereLight args={["#f4f1ff", "#3a3050", 0.9]} />
        <directionalLight position={[0.6, 0.7, 1.1]} intensity={2.4} color="#fff4ea" />
        <directionalLight position={[-0.9, 0.2, 0.7]} intensity={0.9} color="#dfe8ff" />
        <directionalLight position={[0.2, 0.9, -1.2]} intensity={1.8} color="#c9d4ff" />
        <OrbitRig target={TARGET} distance={DISTANCE} />
        {children}
      </Canvas>
    </div>
  );
}
