/**
 * How each catalogue item looks, sounds or moves: the parameters the web preview draws from and
 * the audio synthesiser plays from. Nothing here is a downloaded asset: every item is built in
 * code from these few numbers and names.
 */

/** #rrggbb */
export type Hex = string;

export type OutfitSlot = "top" | "headwear" | "glasses" | "accessory";

export interface OutfitLook {
  slot: OutfitSlot;
  /** top: tee | hoodie | blazer | turtleneck | sweater | qipao; headwear: cap | beanie | beret | crown | catEars | halo;
   * glasses: round | square | aviator | heart; accessory: pearls | chain | hoops | bowtie | scarf | headphones */
  style: string;
  color: Hex;
  accent: Hex;
}

/** ARKit blend shape name to weight 0..1, held while the expression plays. */
export interface ExpressionLook {
  weights: Record<string, number>;
}

export interface MotionLook {
  /** nod | shake | tilt | bounce | lean | spin | wave | clap */
  style: string;
  /** seconds */
  duration: number;
}

export interface SceneLook {
  /** backdrops: gradient | studio | grid; scenes: neonStage | beach | nightSky | garden | livingRoom | space */
  style: string;
  /** Style-specific palette, two to four colours (sky, ground, accents). */
  colors: Hex[];
}

export interface PetLook {
  /** cat | dog | bunny | chick | fox | panda | slime | bot | butterfly | fish */
  species: string;
  color: Hex;
  accent: Hex;
  /** hop | float | flutter | sway | walk */
  motion: string;
}

export interface EffectLook {
  category: "particles" | "lighting";
  /** particles: hearts | snow | sparkles | confetti | bubbles | petals; lighting: spotlight | neonRim | sunset | disco | moonlight */
  style: string;
  color: Hex;
}

export type ViewerEvent = "gift" | "like" | "comment" | "follow";

export interface InteractLook {
  event: ViewerEvent;
  /** A gift's price in coins; likes a burst count; comments a keyword. */
  detail: string;
  /** The icon the list draws: rose | heart | rocket | crown | star | thumb | chat | bell | ... */
  icon: string;
  color: Hex;
}

export interface SoundLook {
  /** applause | chime | coin | whoosh | drumroll | pop | fanfare | laser | heartbeat | bell */
  recipe: string;
  /** seconds */
  duration: number;
}

export interface VoiceLook {
  /** 1 male, 2 female (0: neither) */
  sex: 0 | 1 | 2;
  /** Fundamental frequency in Hz. */
  pitch: number;
  /** Vocal tract length factor: 1 adult male, ~1.17 adult female, ~1.3 child. */
  formantScale: number;
  /** Syllables per second. */
  rate: number;
  /** warm | bright | breathy | robot | whisper */
  timbre: string;
}

export interface LookByKind {
  outfit: OutfitLook;
  expression: ExpressionLook;
  motion: MotionLook;
  scene: SceneLook;
  pet: PetLook;
  effect: EffectLook;
  interact: InteractLook;
  sound: SoundLook;
  voice: VoiceLook;
}

export type CatalogueKind = keyof LookByKind;
