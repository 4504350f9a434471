/**
 * The plan's live 3D preview: the role's avatar in its outfits, standing in its scene with its pets
 * and effects, playing the actions the page sends through its handle. Lazy-loaded by the plan page
 * (default export); `data-ready="true"` once the avatar has been drawn.
 */

import { Canvas, useFrame, useThree } from "@react-three/fiber";
import { type Ref, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from "react";
import type { AvatarMesh } from "../../../shared/avatar/index.ts";
import { antialias } from "../gpu.ts";
import { OrbitRig } from "../OrbitRig.tsx";
import { useInvalidate, useKeepDrawing, useOnScreen, useReducedMotion } from "../pacing.ts";
import { reportFirstFrame, reportMounted } from "../probe.ts";
import { useAvatarMesh } from "../useAvatarMesh.ts";
import { MAX_STEP } from "./animation.ts";
import { type Controller, createController } from "./controller.ts";
import { fitBust, shapeAvatar } from "./fit.ts";
import { createBend } from "./headBend.ts";
import { createContext } from "./outfits/context.ts";
import { PlanBust } from "./PlanBust.tsx";
import { PlanStage } from "./PlanStage.tsx";
import { outfitsBySlot, parseEffect, parsePet, parseScene } from "./parse.ts";
import type { Framing, PlanLook, PreviewHandle } from "./types.ts";
import "./plan.css";

/**
 * Where the camera looks and from how far, by framing: the bust at the chin, so hats, shoulders
 * and pets all frame; the half-body lower and further, from above the hair down to the hips, so
 * the hands and what the arms do are in the picture.
 */
const FRAMES: Record<Framing, { target: [number, number, number]; distance: number }> = {
  bust: { target: [0, -0.035, 0], distance: 1.2 },
  half: { target: [0, -0.21, 0.02], distance: 1.8 },
};

/** Pets and effects a plan can show at once (shared/plan PLAN_LIMITS). */
const MAX_PETS = 3;
const MAX_EFFECTS = 3;

export interface PlanPreviewProps {
  look: PlanLook;
  label: string;
  handleRef?: Ref<PreviewHandle>;
  /** React 19 passes `ref` as a prop: either works. */
  ref?: Ref<PreviewHandle>;
  /**
   * The OBS browser source: no scenery and a transparent canvas (alpha 0 where nothing is drawn),
   * so the stream software composes the avatar over its own scene.
   */
  transparent?: boolean;
  /**
   * On air (the OBS source): the audience sees this, so the avatar stays alive whatever this
   * browser's reduced-motion setting says. Everywhere else the viewer's own setting rules.
   */
  onAir?: boolean;
  /** Draw nothing new (the OBS source off air, hidden): the last frame stays, nothing is spent. */
  paused?: boolean;
  /** Head and shoulders (the default) or the half-body down to the hips. */
  framing?: Framing;
}

/** The orbit, pulled back in a narrow box so the shoulders and the pets beside them still fit. */
function Orbit({ framing }: { framing: Framing }) {
  const aspect = useThree((s) => s.size.width / Math.max(1, s.size.height));
  const { target, distance: base } = FRAMES[framing];
  // only part of the way: pulled all the way back, a tall box would show the body's base floating
  const distance = Math.round((base / Math.min(1, aspect) ** 0.5) * 100) / 100;
  return <OrbitRig target={target} distance={Math.min(distance, base * 1.35)} />;
}

/** Advances the preview's clock first thing every frame and drops finished actions. */
function Clock({ controller }: { controller: Controller }) {
  useFrame((_, delta) => {
    controller.time += Math.min(delta, MAX_STEP);
    controller.sweep();
  }, -2);
  return null;
}

/** After a change to what the preview shows, keep drawing this long (pieces build, layers mount). */
const SETTLE_MS = 400;

/**
 * The preview's pace (pacing.ts): it draws every frame while the avatar is alive (breathing,
 * blinking, swaying; not when the visitor asked for reduced motion), while an action plays, and for
 * a moment after its content changed; never while off screen or in a hidden tab.
 */
function Pace({ controller, alive, content }: { controller: Controller; alive: boolean; content: unknown }) {
  const invalidate = useInvalidate();
  const settleUntil = useRef(0);
  useEffect(() => {
    controller.wake = invalidate;
    return () => {
      if (controller.wake === invalidate) controller.wake = null;
    };
  }, [controller, invalidate]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: any new content starts a settling moment
  useEffect(() => {
    settleUntil.current = performance.now() + SETTLE_MS;
    invalidate();
  }, [content, invalidate]);
  const moving = useCallback(
    () => alive || controller.busy() || performance.now() < settleUntil.current,
    [alive, controller],
  );
  useKeepDrawing(moving);
  return null;
}

function Dressed({
  avatar,
  look,
  controller,
  onDrawn,
}: {
  avatar: AvatarMesh;
  look: PlanLook;
  controller: Controller;
  onDrawn(): void;
}) {
  const faceKey = JSON.stringify(look.role.faceParams);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the face's values, not its object identity
  const shaped = useMemo(() => shapeAvatar(avatar, look.role.faceParams), [avatar, faceKey]);
  const fit = useMemo(() => fitBust(shaped), [shaped]);
  const bend = useMemo(() => createBend(fit), [fit]);
  const ctx = useMemo(() => createContext(shaped, fit, bend), [shaped, fit, bend]);
  useEffect(() => () => ctx.body.dispose(), [ctx]);
  const outfitKey = JSON.stringify(look.outfits);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by content
  const outfits = useMemo(() => outfitsBySlot(look.outfits), [outfitKey]);
  const petKey = JSON.stringify(look.pets);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by content
  const pets = useMemo(() => look.pets.slice(0, MAX_PETS).map((p) => parsePet(p.look)), [petKey]);
  return (
    <PlanBust
      avatar={shaped}
      fit={fit}
      bend={bend}
      ctx={ctx}
      sex={look.role.sex}
      appearance={look.role.appearance}
      outfits={outfits}
      pets={pets}
      controller={controller}
      onDrawn={onDrawn}
    />
  );
}

export function PlanPreview({
  look,
  label,
  handleRef,
  ref,
  transparent = false,
  onAir = false,
  paused = false,
  framing = "bust",
}: PlanPreviewProps) {
  const controller = useMemo(() => createController(), []);
  useImperativeHandle(handleRef, () => controller.handle, [controller]);
  useImperativeHandle(ref, () => controller.handle, [controller]);
  const sex = look.role.sex === 1 ? 1 : 2;
  const avatar = useAvatarMesh(sex, look.role.style ?? "realistic", look.role.appearance);
  const [drawn, setDrawn] = useState<AvatarMesh | null>(null);
  useEffect(() => reportMounted(), []);
  const onDrawn = useCallback(() => {
    reportFirstFrame();
    setDrawn(avatar);
  }, [avatar]);

  const sceneKey = JSON.stringify(look.scene);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by content
  const scene = useMemo(() => (look.scene ? parseScene(look.scene.look) : null), [sceneKey]);
  const effectKey = JSON.stringify(look.effects);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by content
  const effects = useMemo(() => look.effects.slice(0, MAX_EFFECTS).map((e) => parseEffect(e.look)), [effectKey]);

  const box = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(box);
  const reducedMotion = useReducedMotion();
  // a new token whenever what the preview shows changed
  const content = useMemo(() => ({ look, avatar, drawn }), [look, avatar, drawn]);

  return (
    <div
      ref={box}
      className={transparent ? "plan-preview plan-preview--transparent" : "plan-preview"}
      data-testid="plan-preview"
      data-ready={drawn !== null && drawn === avatar ? "true" : "false"}
      data-framing={framing}
    >
      <Canvas
        camera={{ fov: 30, near: 0.05, far: 120, position: [0, FRAMES[framing].target[1], FRAMES[framing].distance] }}
        dpr={[1, 2]}
        // Drawn on demand (Pace below): off screen, or at rest under reduced motion, it costs nothing.
        frameloop="demand"
        // No shadows: with software rendering each would cost a large share of the frame. MSAA with
        // a GPU only, where it is nearly free (gpu.ts, decision 045).
        gl={{
          antialias: antialias(),
          alpha: transparent,
          premultipliedAlpha: true,
          powerPreference: "high-performance",
        }}
        onCreated={({ gl }) => {
          if (transparent) gl.setClearColor(0x000000, 0);
        }}
        aria-label={label}
        role="img"
      >
        <Clock controller={controller} />
        <Pace controller={controller} alive={!paused && (onAir || (onScreen && !reducedMotion))} content={content} />
        <Orbit framing={framing} />
        <PlanStage scene={scene} effects={effects} controller={controller} bare={transparent} />
        {avatar && <Dressed avatar={avatar} look={look} controller={controller} onDrawn={onDrawn} />}
      </Canvas>
    </div>
  );
}

export default PlanPreview;
