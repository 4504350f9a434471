/**
 * Where the bust stands and how it is lit: the scenery, its fog, the fixed set of lights (lights.ts)
 * and the effects layered over them: standing ones from the plan and bursts the controller plays.
 */
import { useFrame, useThree } from "@react-three/fiber";
import { useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { Color, type DirectionalLight, Fog, type HemisphereLight, type PointLight, SRGBColorSpace } from "three";
import type { Rgb } from "../../../shared/avatar/index.ts";
import { burstAmount } from "./animation.ts";
import type { Burst, Controller } from "./controller.ts";
import { LightingVisual } from "./effects/LightingVisual.tsx";
import { ParticleLayer } from "./effects/ParticleLayer.tsx";
import { applyTint } from "./kit.ts";
import { type LightSpec, litRig, type Rig, sceneRig } from "./lights.ts";
import type { Effect, LightingStyle, Scene } from "./parse.ts";
import { buildScenery } from "./scenery/index.ts";
import { useBuilt, useTicker } from "./useBuilt.ts";

const setRgb = (c: Color, rgb: Rgb) => c.setRGB(rgb[0], rgb[1], rgb[2], SRGBColorSpace);

function useBursts(controller: Controller): Burst[] {
  return useSyncExternalStore(
    (listener) => controller.subscribe(listener),
    () => controller.bursts,
  );
}

export function PlanStage({
  scene,
  effects,
  controller,
  bare = false,
}: {
  scene: Scene | null;
  effects: Effect[];
  controller: Controller;
  /** No scenery drawn (the OBS source's transparent background); its lights still set the look. */
  bare?: boolean;
}) {
  const three = useThree((s) => s.scene);
  const key = JSON.stringify(scene);
  const scenery = useBuilt((kit) => buildScenery(scene, kit), [key]);
  useTicker(scenery.value.update);

  // one fog object for the preview's life: changing its colour and range recompiles nothing
  const fog = useMemo(() => new Fog("#ffffff", 10, 40), []);
  useEffect(() => {
    three.fog = fog;
    return () => {
      if (three.fog === fog) three.fog = null;
    };
  }, [three, fog]);
  const fogBase = useMemo(() => new Color(), []);
  useEffect(() => {
    const f = scenery.value.fog;
    fogBase.set(f.color);
    fog.near = f.near;
    fog.far = f.far;
  }, [scenery, fog, fogBase]);

  const base = useMemo(() => sceneRig(scene), [scene]);
  const lighting = useMemo(
    () => effects.filter((e): e is Extract<Effect, { category: "lighting" }> => e.category === "lighting"),
    [effects],
  );
  const particles = effects.filter((e): e is Extract<Effect, { category: "particles" }> => e.category === "particles");
  const bursts = useBursts(controller);

  const hemi = useRef<HemisphereLight>(null);
  const key_ = useRef<DirectionalLight>(null);
  const fill = useRef<DirectionalLight>(null);
  const rim = useRef<DirectionalLight>(null);
  const accent = useRef<PointLight>(null);
  const tint = useMemo(() => new Color(), []);
  const layers = useMemo(() => [] as { style: LightingStyle; color: string; amount: number }[], []);

  // with no lighting effect running the lights hold the scene's rig: set it once, not every frame
  const settled = useRef<{ rig: Rig; scenery: unknown } | null>(null);
  useFrame(() => {
    const t = controller.time;
    layers.length = 0;
    for (const e of lighting) layers.push({ style: e.style, color: e.color, amount: 1 });
    for (const b of controller.bursts)
      if (b.effect.category === "lighting")
        layers.push({ style: b.effect.style, color: b.effect.color, amount: burstAmount(t - b.start) });
    if (layers.length === 0 && settled.current?.rig === base && settled.current.scenery === scenery) return;
    settled.current = layers.length === 0 ? { rig: base, scenery } : null;
    const rig = litRig(base, layers, t);
    const put = (light: DirectionalLight | PointLight | null, s: LightSpec) => {
      if (!light) return;
      setRgb(light.color, s.color);
      light.intensity = s.intensity;
      light.position.set(s.position[0], s.position[1], s.position[2]);
    };
    if (hemi.current) {
      setRgb(hemi.current.color, rig.hemiSky);
      setRgb(hemi.current.groundColor, rig.hemiGround);
      hemi.current.intensity = rig.hemi;
    }
    put(key_.current, rig.key);
    put(fill.current, rig.fill);
    put(rim.current, rig.rim);
    put(accent.current, rig.accent);
    setRgb(tint, rig.tint);
    applyTint(scenery.kit.tintable, tint);
    fog.color.copy(fogBase).multiply(tint);
  });

  return (
    <>
      {!bare && <primitive object={scenery.value.root} />}
      <hemisphereLight ref={hemi} />
      <directionalLight ref={key_} />
      <directionalLight ref={fill} />
      <directionalLight ref={rim} />
      <pointLight ref={accent} decay={2} distance={0} />
      {lighting.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an effect is its place in the plan's list
        <LightingVisual key={`l${i}:${e.style}:${e.color}`} style={e.style} color={e.color} amount={() => 1} />
      ))}
      {particles.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an effect is its place in the plan's list
        <ParticleLayer key={`p${i}:${e.style}:${e.color}`} style={e.style} color={e.color} seed={11 + i * 7} />
      ))}
      {bursts.map((b) =>
        b.effect.category === "particles" ? (
          <ParticleLayer key={`b${b.id}`} style={b.effect.style} color={b.effect.color} seed={100 + b.id} burst />
        ) : (
          <LightingVisual
            key={`b${b.id}`}
            style={b.effect.style}
            color={b.effect.color}
            amount={() => burstAmount(controller.time - b.start)}
          />
        ),
      )}
    </>
  );
}
