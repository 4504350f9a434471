/**
 * The avatar as the plan shows it: the editor's bust (AvatarBust) with its head turning on the neck
 * (headBend.ts) and its arms on the rig's bones (shared/avatar/rig.ts), dressed in the plan's
 * outfits, with its pets, alive (breathing, blinking, a slow sway) and playing the expressions and
 * motions (head, arms and body) the controller holds.
 */
import { useFrame } from "@react-three/fiber";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Color, Group, Matrix4, type Mesh, type MeshStandardMaterial, type Skeleton } from "three";
import { type AvatarMesh, lookColors } from "../../../shared/avatar/index.ts";
import { aimCapturedArms, armsPose, BONE, boneWorld, type RigPose } from "../../../shared/avatar/rig.ts";
import type { OutfitLook, OutfitSlot } from "../../../shared/plan/looks.ts";
import type { Appearance } from "../../../shared/schemas/roles.ts";
import { AvatarBust, type BustColors } from "../AvatarBust.tsx";
import { createFaceState } from "../faceState.ts";
import { reportCaptureApplied, reportMorphs, reportVoiceDrawn } from "../probe.ts";
import { addPose, blinkAt, expressionAmount, idlePose, motionPose, restPose } from "./animation.ts";
import type { Controller } from "./controller.ts";
import type { BustFit } from "./fit.ts";
import { type Bend, createFabric, headMatrix, patchMaterial, setBend, setHairClip } from "./headBend.ts";
import type { Kit } from "./kit.ts";
import { buildAccessory } from "./outfits/accessories.ts";
import type { OutfitContext, OutfitParts } from "./outfits/context.ts";
import { buildGlasses } from "./outfits/glasses.ts";
import { buildHeadwear } from "./outfits/headwear.ts";
import { buildTop, topFinish } from "./outfits/tops.ts";
import type { Pet } from "./parse.ts";
import { layoutPets } from "./petLayout.ts";
import { PetPiece } from "./pets/PetPiece.tsx";
import { DEFAULT_TARGETS, withTargets } from "./targets.ts";
import { useBuilt, useTicker } from "./useBuilt.ts";

/** The head and the body turn at most this far (radians), whatever the tracker says. */
const MAX_TURN = 0.7;
const clampTurn = (v: number) => Math.max(-MAX_TURN, Math.min(MAX_TURN, v));
/** How far the half-body capture moves the bust sideways at the picture's edge (metres). */
const SWAY_METRES = 0.05;

const BUILDERS: Record<OutfitSlot, (look: OutfitLook, ctx: OutfitContext, kit: Kit) => OutfitParts> = {
  top: buildTop,
  headwear: buildHeadwear,
  glasses: buildGlasses,
  accessory: buildAccessory,
};

function OutfitPiece({ look, ctx, body, head }: { look: OutfitLook; ctx: OutfitContext; body: Group; head: Group }) {
  const key = JSON.stringify(look);
  const piece = useBuilt((kit) => BUILDERS[look.slot](look, ctx, kit), [key, ctx]);
  useEffect(() => {
    const { body: b, head: h, hairClip } = piece.value;
    if (b) body.add(b);
    if (h) head.add(h);
    if (hairClip) setHairClip(ctx.bend, hairClip);
    return () => {
      if (b) body.remove(b);
      if (h) head.remove(h);
      if (hairClip) setHairClip(ctx.bend, null);
    };
  }, [piece, body, head, ctx]);
  useTicker(piece.value.update);
  return null;
}

export interface PlanBustProps {
  avatar: AvatarMesh;
  fit: BustFit;
  bend: Bend;
  ctx: OutfitContext;
  sex: 1 | 2;
  appearance: Appearance;
  outfits: Partial<Record<OutfitSlot, OutfitLook>>;
  pets: Pet[];
  controller: Controller;
  onDrawn(): void;
}

export function PlanBust({
  avatar,
  fit,
  bend,
  ctx,
  sex,
  appearance,
  outfits,
  pets,
  controller,
  onDrawn,
}: PlanBustProps) {
  const face = useMemo(() => createFaceState(), []);
  const [targets, setTargets] = useState<readonly string[]>(DEFAULT_TARGETS);
  // the set asked for (ahead of the render that carries it), so it is asked for once
  const wanted = useRef(targets);
  // The editor's colours (lookColors), so a role looks the same here as it did there; the top dresses it.
  const top = outfits.top;
  const { skinTone, hairColor, eyeColor, outfitColor } = appearance;
  const colors = useMemo<BustColors>(
    () => lookColors(sex, { skinTone, hairColor, eyeColor, outfitColor }, top?.color),
    [skinTone, hairColor, eyeColor, outfitColor, sex, top],
  );

  const body = useMemo(() => new Group(), []);
  const head = useMemo(() => {
    const g = new Group();
    g.matrixAutoUpdate = false;
    return g;
  }, []);
  const wrap = useRef<Group>(null);
  const fabric = useMemo(() => createFabric(0, new Color("#ffffff")), []);
  const clothing = useRef<MeshStandardMaterial | null>(null);

  // Patch the bust's materials (the head bends, the clothing weaves) and watch for its first draw.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new avatar or target set means AvatarBust built new meshes
  useLayoutEffect(() => {
    const root = wrap.current;
    if (!root) return;
    let skin: Mesh | null = null;
    root.traverse((o) => {
      const mesh = o as Mesh;
      if (!mesh.isMesh) return;
      const material = mesh.material as MeshStandardMaterial;
      // a toon outline hull (web/three/toon.ts) moves with the part it outlines, without its weave
      const outline = typeof mesh.userData.part === "string";
      const part = outline ? (mesh.userData.part as string) : mesh.name;
      if (part === "clothing") {
        patchMaterial(material, null, "none", outline ? null : fabric);
        if (!outline) clothing.current = material;
      } else patchMaterial(material, bend, "weighted", null, part === "hair");
      if (mesh.name === "skin") skin = mesh;
    });
    const drawn = skin as Mesh | null;
    if (drawn) {
      drawn.onAfterRender = () => {
        drawn.onAfterRender = () => {};
        onDrawn();
      };
    }
  }, [avatar, targets, bend, fabric, onDrawn]);

  // The top's weave and sheen (uniforms and a number: no shader rebuild).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new avatar or target set brings a new clothing material
  useEffect(() => {
    const finish = topFinish(top?.style ?? "tee");
    fabric.pattern.value = top ? finish.pattern : 0;
    fabric.accent.value.set(top?.accent ?? "#ffffff");
    if (clothing.current) clothing.current.roughness = top ? finish.roughness : 0.85;
  }, [top, fabric, avatar, targets]);

  const places = useMemo(
    () =>
      layoutPets(
        pets.map((p) => p.species),
        fit,
      ),
    [pets, fit],
  );

  // The arms' bones, posed every frame.
  const skeleton = useRef<Skeleton | null>(null);
  const onSkeleton = useCallback((s: Skeleton | null) => {
    skeleton.current = s;
  }, []);
  const rigPose = useMemo<RigPose>(() => ({}), []);

  // The loop: pose (idle + motion), head bend, arms, face weights.
  const pose = useMemo(() => restPose(), []);
  const motion = useMemo(() => restPose(), []);
  const matrix = useMemo(() => new Matrix4(), []);
  const weights = useMemo<Record<string, number>>(() => ({}), []);
  const faceLive = useRef(false);
  const lastSeq = useRef(-1);
  useFrame(() => {
    const t = controller.time;
    idlePose(t, pose);
    const capture = controller.capture;
    if (capture) {
      // the user's head replaces the idle sway (the breathing stays); a motion still plays over it
      pose.head.x = clampTurn(capture.head.x);
      pose.head.y = clampTurn(capture.head.y);
      pose.head.z = clampTurn(capture.head.z);
      if (capture.body) {
        pose.turn.z = clampTurn(capture.body.tilt) * 0.6;
        pose.offset.x = capture.body.sway * SWAY_METRES;
      }
    }
    const m = controller.motion;
    if (m) addPose(pose, motionPose(m.style, m.duration, t - m.start, motion));
    setBend(bend, pose.head);
    head.matrix.copy(headMatrix(bend, matrix));
    head.matrixWorldNeedsUpdate = true;
    body.position.set(pose.offset.x, pose.offset.y, pose.offset.z);
    body.rotation.set(pose.turn.x, pose.turn.y, pose.turn.z);
    const bones = skeleton.current?.bones;
    if (bones && avatar.rig) {
      armsPose(avatar.rig.arm, pose.left, pose.right, rigPose);
      // the half-body capture's arms, where it sees them, instead of the plan's gestures (decision 043)
      if (capture?.arms) aimCapturedArms(avatar.rig.arm, capture.arms, rigPose);
      bones.forEach((bone, i) => {
        const q = rigPose[i];
        if (q) bone.quaternion.set(q[0], q[1], q[2], q[3]);
      });
    }

    // expression weights, with the idle blink (or the captured face) layered under them
    for (const k of Object.keys(weights)) weights[k] = 0;
    const e = controller.expression;
    let live = false;
    // an expression or the capture naming a shape the bust does not carry yet: carry it (rebuilds the bust once)
    const mouth = controller.mouth?.() ?? null;
    for (const named of [e?.weights, capture?.weights, mouth]) {
      if (named && withTargets(wanted.current, named) !== wanted.current) {
        wanted.current = withTargets(wanted.current, named);
        setTargets(wanted.current);
      }
    }
    if (capture) {
      for (const [name, w] of Object.entries(capture.weights)) weights[name] = w;
      live = true;
    }
    if (e) {
      const amount = expressionAmount(t - e.start);
      for (const [name, w] of Object.entries(e.weights)) weights[name] = Math.max(weights[name] ?? 0, w * amount);
      live = true;
    }
    if (mouth) {
      // the voice's lips and the captured face together: the larger of each shape (decision 040)
      for (const [name, w] of Object.entries(mouth)) weights[name] = Math.max(weights[name] ?? 0, w);
      live = true;
      reportVoiceDrawn(weights.jawOpen ?? 0);
    }
    const blink = capture ? 0 : blinkAt(t);
    if (blink > 0) {
      weights.eyeBlinkLeft = Math.max(weights.eyeBlinkLeft ?? 0, blink);
      weights.eyeBlinkRight = Math.max(weights.eyeBlinkRight ?? 0, blink);
      live = true;
    }
    if (live || faceLive.current) {
      face.params = weights;
      face.version++;
      face.inputAt = performance.now();
      // while it moves, keep the influences live (never baked); at rest, a plain reset
      face.lastInput = live ? { id: "expression", value: 1 } : null;
      reportMorphs(weights);
    }
    faceLive.current = live;
    if (capture && capture.seq !== lastSeq.current) {
      lastSeq.current = capture.seq;
      // the captured left hand's height, from the pose just given to the bones (for the E2E)
      const hand = capture.arms?.left && avatar.rig ? boneWorld(avatar.rig, rigPose)[BONE.leftHand] : undefined;
      reportCaptureApplied(
        capture.frameAt,
        weights.jawOpen ?? 0,
        capture.body ? pose.turn.z : null,
        hand ? hand.pivot[1] : null,
        { head: pose.head, blink: Math.max(weights.eyeBlinkLeft ?? 0, weights.eyeBlinkRight ?? 0) },
      );
    }
  }, -1);

  return (
    <primitive object={body}>
      <group ref={wrap}>
        <AvatarBust avatar={avatar} face={face} targets={targets} colors={colors} onSkeleton={onSkeleton} />
      </group>
      <primitive object={head} />
      {(Object.values(outfits) as OutfitLook[]).map((look) => (
        <OutfitPiece key={look.slot} look={look} ctx={ctx} body={body} head={head} />
      ))}
      {pets.map((pet, i) => {
        const place = places[i];
        // a pet is its place in the list (two cats are two pets)
        // biome-ignore lint/suspicious/noArrayIndexKey: the index is the pet's identity
        return place ? <PetPiece key={`${i}:${pet.species}`} pet={pet} place={place} index={i} /> : null;
      })}
    </primitive>
  );
}
