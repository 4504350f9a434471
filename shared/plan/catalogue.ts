/**
 * The plan catalogue: every outfit, expression, motion, backdrop and scene, pet, effect, viewer
 * interaction, sound and voice a plan can use. The seed writes it to the CatalogueItem table
 * (prisma/seed.ts); the server lists it with each item's equityStatus for the caller; the web
 * preview draws each item from its `look`. Ids are stable: plans refer to them.
 *
 * tier: null is open to every member; "gold" and "diamond" need that rank (shared/membership.ts).
 * The shop editions at the end are sold in the digital shop: only their owners may use them.
 */

import { SHOP_EDITIONS } from "./editions.ts";
import type { CatalogueKind, LookByKind } from "./looks.ts";

export type { CatalogueKind } from "./looks.ts";

export interface CatalogueItem<K extends CatalogueKind = CatalogueKind> {
  id: string;
  kind: K;
  /** What the list calls filter on: an outfit's slot, "expression", "backdrop" | "scene", "effect", "pet", a viewer event, "motion", "sound", "voice". */
  type: string;
  names: { EN: string; ZH_CN: string; ZH_TN: string };
  tier: null | "gold" | "diamond";
  look: LookByKind[K];
}

type Names = [en: string, zhCn: string, zhTn: string];
type Tier = CatalogueItem["tier"];

const items: CatalogueItem[] = [];
function add<K extends CatalogueKind>(
  kind: K,
  type: string,
  id: string,
  names: Names,
  tier: Tier,
  look: LookByKind[K],
) {
  items.push({
    id,
    kind,
    type,
    names: { EN: names[0], ZH_CN: names[1], ZH_TN: names[2] },
    tier,
    look,
  } as CatalogueItem);
}

// Outfits: the digitalman attributes, one per slot.
const outfit = (id: string, names: Names, tier: Tier, look: LookByKind["outfit"]) =>
  add("outfit", look.slot, `outfit.${id}`, names, tier, look);
outfit("tee-white", ["White tee", "白色T恤", "白色T恤"], null, {
  slot: "top",
  style: "tee",
  color: "#f2f2f0",
  accent: "#d8d8d4",
});
outfit("hoodie-lilac", ["Lilac hoodie", "淡紫连帽衫", "淡紫連帽衫"], null, {
  slot: "top",
  style: "hoodie",
  color: "#b9a3e3",
  accent: "#8d74c4",
});
outfit("turtleneck-black", ["Black turtleneck", "黑色高领衫", "黑色高領衫"], null, {
  slot: "top",
  style: "turtleneck",
  color: "#1f1f24",
  accent: "#34343c",
});
outfit("sweater-cream", ["Cream knit sweater", "奶油色毛衣", "奶油色毛衣"], "gold", {
  slot: "top",
  style: "sweater",
  color: "#efe3c8",
  accent: "#d9c9a3",
});
outfit("blazer-navy", ["Navy blazer", "藏青西装", "藏青西裝"], "gold", {
  slot: "top",
  style: "blazer",
  color: "#1e2b4a",
  accent: "#f4f4f4",
});
outfit("qipao-red", ["Red qipao", "红色旗袍", "紅色旗袍"], "diamond", {
  slot: "top",
  style: "qipao",
  color: "#b3122e",
  accent: "#e8b84a",
});
outfit("cap-blue", ["Blue cap", "蓝色棒球帽", "藍色棒球帽"], null, {
  slot: "headwear",
  style: "cap",
  color: "#2f6fd6",
  accent: "#f2f2f2",
});
outfit("beanie-mustard", ["Mustard beanie", "芥黄毛线帽", "芥黃毛線帽"], null, {
  slot: "headwear",
  style: "beanie",
  color: "#d9a21b",
  accent: "#b8860b",
});
outfit("beret-wine", ["Wine beret", "酒红贝雷帽", "酒紅貝雷帽"], "gold", {
  slot: "headwear",
  style: "beret",
  color: "#7b1e3a",
  accent: "#5a142a",
});
outfit("cat-ears-pink", ["Cat ears", "猫耳发箍", "貓耳髮箍"], "gold", {
  slot: "headwear",
  style: "catEars",
  color: "#2b2b2b",
  accent: "#ff9ec7",
});
outfit("crown-gold", ["Golden crown", "金色皇冠", "金色皇冠"], "diamond", {
  slot: "headwear",
  style: "crown",
  color: "#f2c230",
  accent: "#e0245e",
});
outfit("halo", ["Halo", "光环", "光環"], "diamond", {
  slot: "headwear",
  style: "halo",
  color: "#fff2b0",
  accent: "#ffd84d",
});
outfit("glasses-round", ["Round glasses", "圆框眼镜", "圓框眼鏡"], null, {
  slot: "glasses",
  style: "round",
  color: "#3a2a1e",
  accent: "#cfe8ff",
});
outfit("glasses-square", ["Square frames", "方框眼镜", "方框眼鏡"], null, {
  slot: "glasses",
  style: "square",
  color: "#111111",
  accent: "#dbe9f5",
});
outfit("sunglasses-aviator", ["Aviator sunglasses", "飞行员墨镜", "飛行員墨鏡"], "gold", {
  slot: "glasses",
  style: "aviator",
  color: "#c9a55a",
  accent: "#2a2f3a",
});
outfit("glasses-heart", ["Heart shades", "爱心墨镜", "愛心墨鏡"], "diamond", {
  slot: "glasses",
  style: "heart",
  color: "#ff4f8b",
  accent: "#ff9bbb",
});
outfit("pearls", ["Pearl necklace", "珍珠项链", "珍珠項鍊"], null, {
  slot: "accessory",
  style: "pearls",
  color: "#f5f0e6",
  accent: "#d9cfc0",
});
outfit("hoops-gold", ["Gold hoops", "金色耳环", "金色耳環"], null, {
  slot: "accessory",
  style: "hoops",
  color: "#e3b53c",
  accent: "#c9971f",
});
outfit("bowtie-red", ["Red bow tie", "红色领结", "紅色領結"], "gold", {
  slot: "accessory",
  style: "bowtie",
  color: "#c8102e",
  accent: "#8e0b20",
});
outfit("scarf-plaid", ["Plaid scarf", "格纹围巾", "格紋圍巾"], "gold", {
  slot: "accessory",
  style: "scarf",
  color: "#a33b2b",
  accent: "#2d4a3e",
});
outfit("headphones", ["Studio headphones", "录音室耳机", "錄音室耳機"], "diamond", {
  slot: "accessory",
  style: "headphones",
  color: "#262a33",
  accent: "#39d0ff",
});
outfit("chain-silver", ["Silver chain", "银色项链", "銀色項鍊"], "diamond", {
  slot: "accessory",
  style: "chain",
  color: "#d5d9de",
  accent: "#9aa3ad",
});

// Expressions: held poses over the head's ARKit blend shapes.
const expression = (id: string, names: Names, tier: Tier, weights: Record<string, number>) =>
  add("expression", "expression", `expression.${id}`, names, tier, { weights });
expression("smile", ["Smile", "微笑", "微笑"], null, {
  mouthSmileLeft: 0.8,
  mouthSmileRight: 0.8,
  cheekSquintLeft: 0.35,
  cheekSquintRight: 0.35,
  eyeSquintLeft: 0.2,
  eyeSquintRight: 0.2,
});
expression("grin", ["Big grin", "开怀大笑", "開懷大笑"], null, {
  mouthSmileLeft: 1,
  mouthSmileRight: 1,
  jawOpen: 0.35,
  mouthUpperUpLeft: 0.3,
  mouthUpperUpRight: 0.3,
  cheekSquintLeft: 0.6,
  cheekSquintRight: 0.6,
  eyeSquintLeft: 0.45,
  eyeSquintRight: 0.45,
});
expression("wink", ["Wink", "眨眼", "眨眼"], null, {
  eyeBlinkLeft: 1,
  mouthSmileLeft: 0.6,
  mouthSmileRight: 0.3,
  cheekSquintLeft: 0.5,
});
expression("surprise", ["Surprise", "惊讶", "驚訝"], null, {
  jawOpen: 0.55,
  eyeWideLeft: 0.9,
  eyeWideRight: 0.9,
  browInnerUp: 0.9,
  browOuterUpLeft: 0.8,
  browOuterUpRight: 0.8,
  mouthFunnel: 0.3,
});
expression("pout", ["Pout", "嘟嘴", "嘟嘴"], "gold", {
  mouthPucker: 0.9,
  mouthFunnel: 0.25,
  browInnerUp: 0.4,
  eyeSquintLeft: 0.15,
  eyeSquintRight: 0.15,
});
expression("sad", ["Sad", "难过", "難過"], "gold", {
  mouthFrownLeft: 0.8,
  mouthFrownRight: 0.8,
  browInnerUp: 0.8,
  mouthPressLeft: 0.3,
  mouthPressRight: 0.3,
  eyeLookDownLeft: 0.3,
  eyeLookDownRight: 0.3,
});
expression("angry", ["Angry", "生气", "生氣"], "gold", {
  browDownLeft: 0.9,
  browDownRight: 0.9,
  noseSneerLeft: 0.5,
  noseSneerRight: 0.5,
  mouthPressLeft: 0.5,
  mouthPressRight: 0.5,
  eyeSquintLeft: 0.4,
  eyeSquintRight: 0.4,
});
expression("kiss", ["Blow a kiss", "飞吻", "飛吻"], "diamond", {
  mouthPucker: 1,
  eyeBlinkLeft: 0.9,
  eyeBlinkRight: 0.9,
  cheekPuff: 0.2,
  browInnerUp: 0.3,
});
expression("cheeky", ["Cheeky", "调皮", "調皮"], "diamond", {
  mouthSmileLeft: 0.9,
  mouthSmileRight: 0.2,
  mouthLeft: 0.4,
  eyeSquintLeft: 0.5,
  browOuterUpRight: 0.7,
  cheekSquintLeft: 0.5,
});

// Motions: what the head, arms and body do when an interaction fires.
const motion = (id: string, names: Names, tier: Tier, style: string, duration: number) =>
  add("motion", "motion", `motion.${id}`, names, tier, { style, duration });
motion("nod", ["Nod", "点头", "點頭"], null, "nod", 1.2);
motion("shake", ["Shake head", "摇头", "搖頭"], null, "shake", 1.2);
motion("tilt", ["Tilt head", "歪头", "歪頭"], null, "tilt", 1.4);
motion("bounce", ["Happy bounce", "开心跳动", "開心跳動"], "gold", "bounce", 1.5);
motion("lean", ["Lean in", "凑近", "湊近"], "gold", "lean", 1.6);
motion("spin", ["Spin", "转圈", "轉圈"], "diamond", "spin", 1.8);
// Gestures of the half-body's arms (issue 17)
motion("wave", ["Wave", "挥手", "揮手"], null, "wave", 2);
motion("clap", ["Clap", "鼓掌", "鼓掌"], "gold", "clap", 1.8);

// Backdrops (flat) and scenes (built 3D surroundings).
const scene = (type: "backdrop" | "scene", id: string, names: Names, tier: Tier, style: string, colors: string[]) =>
  add("scene", type, `${type}.${id}`, names, tier, { style, colors });
scene("backdrop", "sunrise", ["Sunrise gradient", "日出渐变", "日出漸變"], null, "gradient", [
  "#ffb88c",
  "#ff7eb3",
  "#7a5cff",
]);
scene("backdrop", "ocean", ["Ocean gradient", "海洋渐变", "海洋漸變"], null, "gradient", [
  "#a8edea",
  "#3f8efc",
  "#14306b",
]);
scene("backdrop", "studio-grey", ["Grey studio", "灰色摄影棚", "灰色攝影棚"], null, "studio", ["#d9dbe0", "#8b8f99"]);
scene("backdrop", "retro-grid", ["Retro grid", "复古网格", "復古網格"], "gold", "grid", [
  "#140a2e",
  "#ff2fd0",
  "#27e1ff",
]);
scene("scene", "neon-stage", ["Neon stage", "霓虹舞台", "霓虹舞台"], "gold", "neonStage", [
  "#0b0820",
  "#ff3db8",
  "#3dd6ff",
  "#7a5cff",
]);
scene("scene", "living-room", ["Cosy living room", "温馨客厅", "溫馨客廳"], null, "livingRoom", [
  "#f3e6d3",
  "#b07d52",
  "#6b8f71",
  "#e9c46a",
]);
scene("scene", "beach", ["Sunset beach", "日落海滩", "日落海灘"], "gold", "beach", [
  "#ff9a5a",
  "#ffd27a",
  "#2a6f97",
  "#f1d8a8",
]);
scene("scene", "night-sky", ["Starry night", "星空", "星空"], "gold", "nightSky", ["#050a1f", "#1b2a5a", "#ffffff"]);
scene("scene", "garden", ["Blossom garden", "樱花庭院", "櫻花庭院"], "diamond", "garden", [
  "#cfe9ff",
  "#7fb069",
  "#ffb7c5",
  "#6b4f3a",
]);
scene("scene", "space", ["Space station", "太空站", "太空站"], "diamond", "space", [
  "#02030a",
  "#2b3a67",
  "#9ad1ff",
  "#ff8c42",
]);

// Pets: small animated companions beside the avatar.
const pet = (id: string, names: Names, tier: Tier, look: LookByKind["pet"]) =>
  add("pet", "pet", `pet.${id}`, names, tier, look);
pet("cat", ["Ginger cat", "橘猫", "橘貓"], null, {
  species: "cat",
  color: "#e8944a",
  accent: "#fff3e6",
  motion: "sway",
});
pet("dog", ["Shiba pup", "柴犬", "柴犬"], null, { species: "dog", color: "#d9893b", accent: "#fff6ea", motion: "hop" });
pet("bunny", ["Snow bunny", "雪兔", "雪兔"], null, {
  species: "bunny",
  color: "#f7f4f2",
  accent: "#ffb3c6",
  motion: "hop",
});
pet("chick", ["Little chick", "小鸡", "小雞"], null, {
  species: "chick",
  color: "#ffd84d",
  accent: "#ff9a1f",
  motion: "hop",
});
pet("fox", ["Fox kit", "小狐狸", "小狐狸"], "gold", {
  species: "fox",
  color: "#e8642c",
  accent: "#fff1e6",
  motion: "sway",
});
pet("panda", ["Panda cub", "熊猫宝宝", "熊貓寶寶"], "gold", {
  species: "panda",
  color: "#f6f6f6",
  accent: "#1e1e1e",
  motion: "sway",
});
pet("slime", ["Jelly slime", "果冻史莱姆", "果凍史萊姆"], "gold", {
  species: "slime",
  color: "#6ee7b7",
  accent: "#1f7a5a",
  motion: "hop",
});
pet("bot", ["Hover bot", "悬浮机器人", "懸浮機器人"], "diamond", {
  species: "bot",
  color: "#e6ebf2",
  accent: "#39d0ff",
  motion: "float",
});
pet("butterfly", ["Glow butterfly", "荧光蝴蝶", "螢光蝴蝶"], "diamond", {
  species: "butterfly",
  color: "#7a5cff",
  accent: "#ff7eb3",
  motion: "flutter",
});
pet("fish", ["Sky goldfish", "空中金鱼", "空中金魚"], "diamond", {
  species: "fish",
  color: "#ff7a2f",
  accent: "#fff0d6",
  motion: "float",
});

// Effects: particles and lighting over the whole scene.
const effect = (id: string, names: Names, tier: Tier, look: LookByKind["effect"]) =>
  add("effect", "effect", `effect.${id}`, names, tier, look);
effect("hearts", ["Floating hearts", "漂浮爱心", "漂浮愛心"], null, {
  category: "particles",
  style: "hearts",
  color: "#ff4f8b",
});
effect("snow", ["Snowfall", "飘雪", "飄雪"], null, { category: "particles", style: "snow", color: "#ffffff" });
effect("sparkles", ["Sparkles", "闪光", "閃光"], null, { category: "particles", style: "sparkles", color: "#ffe27a" });
effect("confetti", ["Confetti", "彩纸", "彩紙"], "gold", {
  category: "particles",
  style: "confetti",
  color: "#ff5e5b",
});
effect("bubbles", ["Bubbles", "泡泡", "泡泡"], "gold", { category: "particles", style: "bubbles", color: "#9ad1ff" });
effect("petals", ["Cherry petals", "樱花花瓣", "櫻花花瓣"], "diamond", {
  category: "particles",
  style: "petals",
  color: "#ffb7c5",
});
effect("spotlight", ["Spotlight", "聚光灯", "聚光燈"], null, {
  category: "lighting",
  style: "spotlight",
  color: "#fff4d6",
});
effect("neon-rim", ["Neon rim light", "霓虹轮廓光", "霓虹輪廓光"], "gold", {
  category: "lighting",
  style: "neonRim",
  color: "#ff3db8",
});
effect("sunset", ["Golden hour", "黄金时刻", "黃金時刻"], "gold", {
  category: "lighting",
  style: "sunset",
  color: "#ff9a3c",
});
effect("disco", ["Disco lights", "迪斯科灯光", "迪斯科燈光"], "diamond", {
  category: "lighting",
  style: "disco",
  color: "#7a5cff",
});
effect("moonlight", ["Moonlight", "月光", "月光"], "diamond", {
  category: "lighting",
  style: "moonlight",
  color: "#9fb8ff",
});

// Viewer interactions: the events a live stream receives.
const interact = (id: string, names: Names, tier: Tier, look: LookByKind["interact"]) =>
  add("interact", look.event, `interact.${id}`, names, tier, look);
interact("gift-rose", ["Rose gift", "玫瑰礼物", "玫瑰禮物"], null, {
  event: "gift",
  detail: "1",
  icon: "rose",
  color: "#e0245e",
});
interact("gift-heart", ["Heart gift", "爱心礼物", "愛心禮物"], null, {
  event: "gift",
  detail: "10",
  icon: "heart",
  color: "#ff4f8b",
});
interact("gift-rocket", ["Rocket gift", "火箭礼物", "火箭禮物"], "gold", {
  event: "gift",
  detail: "500",
  icon: "rocket",
  color: "#ff8c42",
});
interact("gift-crown", ["Crown gift", "皇冠礼物", "皇冠禮物"], "diamond", {
  event: "gift",
  detail: "1000",
  icon: "crown",
  color: "#f2c230",
});
interact("like", ["Like", "点赞", "點讚"], null, { event: "like", detail: "1", icon: "thumb", color: "#3f8efc" });
interact("like-burst", ["Like burst (x100)", "连续点赞(100次)", "連續點讚(100次)"], "gold", {
  event: "like",
  detail: "100",
  icon: "star",
  color: "#ffb020",
});
interact("comment-hello", ["Comment: hello", "评论：你好", "評論：你好"], null, {
  event: "comment",
  detail: "hello",
  icon: "chat",
  color: "#27ae60",
});
interact("comment-666", ["Comment: 666", "评论：666", "評論：666"], null, {
  event: "comment",
  detail: "666",
  icon: "chat",
  color: "#8e44ad",
});
interact("follow", ["New follower", "新关注", "新關注"], null, {
  event: "follow",
  detail: "1",
  icon: "bell",
  color: "#ff5e5b",
});
interact("follow-fan-club", ["Joins fan club", "加入粉丝团", "加入粉絲團"], "diamond", {
  event: "follow",
  detail: "club",
  icon: "badge",
  color: "#7a5cff",
});

// Sounds an interaction can play.
const sound = (id: string, names: Names, tier: Tier, recipe: string, duration: number) =>
  add("sound", "sound", `sound.${id}`, names, tier, { recipe, duration });
sound("applause", ["Applause", "掌声", "掌聲"], null, "applause", 2.2);
sound("chime", ["Chime", "铃声", "鈴聲"], null, "chime", 1.4);
sound("coin", ["Coin", "金币", "金幣"], null, "coin", 0.6);
sound("pop", ["Pop", "啵", "啵"], null, "pop", 0.3);
sound("whoosh", ["Whoosh", "嗖", "嗖"], "gold", "whoosh", 0.9);
sound("drumroll", ["Drum roll", "鼓点", "鼓點"], "gold", "drumroll", 2.0);
sound("fanfare", ["Fanfare", "号角", "號角"], "diamond", "fanfare", 1.8);
sound("laser", ["Laser", "激光", "雷射"], "diamond", "laser", 0.7);

// Voices: the voice list (baseProductLabel/getVoiceList), each with a synthesised sample.
const voice = (id: string, names: Names, tier: Tier, look: LookByKind["voice"]) =>
  add("voice", "voice", `voice.${id}`, names, tier, look);
voice("warm-female", ["Warm (female)", "温柔女声", "溫柔女聲"], null, {
  sex: 2,
  pitch: 210,
  formantScale: 1.17,
  rate: 4.5,
  timbre: "warm",
});
voice("bright-female", ["Bright (female)", "活泼女声", "活潑女聲"], null, {
  sex: 2,
  pitch: 250,
  formantScale: 1.2,
  rate: 5.5,
  timbre: "bright",
});
voice("calm-male", ["Calm (male)", "沉稳男声", "沉穩男聲"], null, {
  sex: 1,
  pitch: 110,
  formantScale: 1,
  rate: 4,
  timbre: "warm",
});
voice("deep-male", ["Deep (male)", "低沉男声", "低沉男聲"], "gold", {
  sex: 1,
  pitch: 85,
  formantScale: 0.95,
  rate: 3.6,
  timbre: "breathy",
});
voice("youthful", ["Youthful", "少年音", "少年音"], "gold", {
  sex: 0,
  pitch: 300,
  formantScale: 1.3,
  rate: 5.2,
  timbre: "bright",
});
voice("robot", ["Robot", "机器人", "機器人"], "diamond", {
  sex: 0,
  pitch: 120,
  formantScale: 1.05,
  rate: 4,
  timbre: "robot",
});
voice("whisper", ["ASMR whisper", "耳语", "耳語"], "diamond", {
  sex: 2,
  pitch: 190,
  formantScale: 1.15,
  rate: 3.5,
  timbre: "whisper",
});

// Shop editions (./editions.ts): sold one by one in the digital shop, opened by owning them, not by a tier.
for (const e of SHOP_EDITIONS) add(e.kind, e.type, e.id, e.names, null, e.look);

export const CATALOGUE: readonly CatalogueItem[] = items;

export const catalogueItem = (id: string): CatalogueItem | undefined => CATALOGUE.find((i) => i.id === id);

/** Pets shown with one avatar, effects layered at once, expressions and interactions per plan. */
export const PLAN_LIMITS = { pets: 3, effects: 3, expressions: 12, interactions: 30 } as const;

/** The kinds an interaction can trigger, and the outfit slots. */
export const ACTION_KINDS = ["expression", "motion", "effect", "sound"] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
export const OUTFIT_SLOTS = ["top", "headwear", "glasses", "accessory"] as const;
