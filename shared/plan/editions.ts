/**
 * Shop editions: plan catalogue items sold one by one in the digital shop (shared/shop/catalogue.ts,
 * docs/decisions/025) instead of coming with a membership. Each is built from the same parametric
 * looks as the rest of the catalogue (new cuts, palettes and voices of its outfits, scenes, pets,
 * effects, interactions and voices), so the preview and the synthesiser draw and play them with no
 * new asset. shared/plan/catalogue.ts adds them to CATALOGUE; they carry no tier: owning one is
 * what opens it.
 */

import type { CatalogueKind, LookByKind } from "./looks.ts";

type Names = [en: string, zhCn: string, zhTn: string];

export interface Edition<K extends CatalogueKind = CatalogueKind> {
  kind: K;
  type: string;
  id: string;
  names: Names;
  look: LookByKind[K];
}

const editions: Edition[] = [];
const edition = <K extends CatalogueKind>(kind: K, type: string, id: string, names: Names, look: LookByKind[K]) =>
  editions.push({ kind, type, id, names, look } as Edition);

const outfit = (id: string, names: Names, look: LookByKind["outfit"]) =>
  edition("outfit", look.slot, `outfit.${id}`, names, look);
outfit("neon-hoodie", ["Neon night hoodie", "霓虹夜光连帽衫", "霓虹夜光連帽衫"], {
  slot: "top",
  style: "hoodie",
  color: "#1b1b2f",
  accent: "#39ff88",
});
outfit("jade-qipao", ["Jade qipao", "翡翠旗袍", "翡翠旗袍"], {
  slot: "top",
  style: "qipao",
  color: "#1f7a5a",
  accent: "#f2d28b",
});
outfit("tuxedo-black", ["Black tuxedo jacket", "黑色礼服外套", "黑色禮服外套"], {
  slot: "top",
  style: "blazer",
  color: "#111116",
  accent: "#ffffff",
});
outfit("sakura-sweater", ["Sakura knit", "樱花针织衫", "櫻花針織衫"], {
  slot: "top",
  style: "sweater",
  color: "#f8c8d8",
  accent: "#e98aa8",
});
outfit("sunset-tee", ["Sunset tee", "落日T恤", "落日T恤"], {
  slot: "top",
  style: "tee",
  color: "#ff8a5b",
  accent: "#ffd27a",
});
outfit("crown-silver", ["Silver crown", "银色冠冕", "銀色冠冕"], {
  slot: "headwear",
  style: "crown",
  color: "#d9dde3",
  accent: "#5ab0ff",
});
outfit("cat-ears-snow", ["Snow cat ears", "雪白猫耳", "雪白貓耳"], {
  slot: "headwear",
  style: "catEars",
  color: "#f7f4f2",
  accent: "#ffc2d6",
});
outfit("aviators-gold", ["Gold aviators", "金框飞行员墨镜", "金框飛行員墨鏡"], {
  slot: "glasses",
  style: "aviator",
  color: "#e0b84a",
  accent: "#5a3d1e",
});
outfit("gamer-headphones", ["Gamer headphones", "电竞耳机", "電競耳機"], {
  slot: "accessory",
  style: "headphones",
  color: "#141820",
  accent: "#ff3db8",
});
outfit("chain-gold", ["Gold chain", "金色项链", "金色項鍊"], {
  slot: "accessory",
  style: "chain",
  color: "#e3b53c",
  accent: "#b8860b",
});

const scene = (type: "backdrop" | "scene", id: string, names: Names, style: string, colors: string[]) =>
  edition("scene", type, `${type}.${id}`, names, { style, colors });
scene("backdrop", "mint", ["Mint gradient", "薄荷渐变", "薄荷漸變"], "gradient", ["#d4fc79", "#96e6a1", "#2e8b57"]);
scene("backdrop", "cyber-grid", ["Cyber grid", "赛博网格", "賽博網格"], "grid", ["#05010f", "#00f0ff", "#ff00aa"]);
scene("scene", "aurora", ["Aurora night", "极光之夜", "極光之夜"], "nightSky", ["#02111b", "#0f5e4d", "#b6ffde"]);
scene("scene", "autumn-garden", ["Autumn garden", "秋日庭院", "秋日庭院"], "garden", [
  "#ffe8c7",
  "#c56b2b",
  "#f2a541",
  "#5a3a22",
]);
scene("scene", "mars-base", ["Mars base", "火星基地", "火星基地"], "space", [
  "#1a0505",
  "#7a2a17",
  "#ffb38a",
  "#ff5a1f",
]);
scene("scene", "idol-stage", ["Idol stage", "偶像舞台", "偶像舞台"], "neonStage", [
  "#12061f",
  "#ffd23f",
  "#ff5ec4",
  "#7af0ff",
]);

const pet = (id: string, names: Names, look: LookByKind["pet"]) => edition("pet", "pet", `pet.${id}`, names, look);
pet("midnight-cat", ["Midnight cat", "午夜黑猫", "午夜黑貓"], {
  species: "cat",
  color: "#2b2b30",
  accent: "#ffd84d",
  motion: "sway",
});
pet("golden-bot", ["Golden hover bot", "金色悬浮机器人", "金色懸浮機器人"], {
  species: "bot",
  color: "#f2c230",
  accent: "#ff5a1f",
  motion: "float",
});
pet("koi", ["Lucky koi", "锦鲤", "錦鯉"], { species: "fish", color: "#ffffff", accent: "#e8412c", motion: "float" });
pet("arctic-fox", ["Arctic fox", "北极狐", "北極狐"], {
  species: "fox",
  color: "#f4f6f8",
  accent: "#b9c6d3",
  motion: "sway",
});

const effect = (id: string, names: Names, look: LookByKind["effect"]) =>
  edition("effect", "effect", `effect.${id}`, names, look);
effect("gold-confetti", ["Gold confetti", "金色彩纸", "金色彩紙"], {
  category: "particles",
  style: "confetti",
  color: "#f2c230",
});
effect("sakura-storm", ["Sakura storm", "樱花风暴", "櫻花風暴"], {
  category: "particles",
  style: "petals",
  color: "#ff8fb1",
});
effect("aqua-rim", ["Aqua rim light", "冰蓝轮廓光", "冰藍輪廓光"], {
  category: "lighting",
  style: "neonRim",
  color: "#27e1ff",
});
effect("club-lights", ["Club lights", "夜店灯光", "夜店燈光"], {
  category: "lighting",
  style: "disco",
  color: "#ff3db8",
});

const interact = (id: string, names: Names, look: LookByKind["interact"]) =>
  edition("interact", look.event, `interact.${id}`, names, look);
interact("gift-super-rocket", ["Super rocket gift", "超级火箭礼物", "超級火箭禮物"], {
  event: "gift",
  detail: "2000",
  icon: "rocket",
  color: "#7a5cff",
});
interact("comment-hi", ["Comment: hi", "评论：嗨", "評論：嗨"], {
  event: "comment",
  detail: "hi",
  icon: "chat",
  color: "#ff8c42",
});
interact("like-storm", ["Like storm (x1000)", "点赞风暴(1000次)", "點讚風暴(1000次)"], {
  event: "like",
  detail: "1000",
  icon: "star",
  color: "#ff4f8b",
});

const voice = (id: string, names: Names, look: LookByKind["voice"]) =>
  edition("voice", "voice", `voice.${id}`, names, look);
voice("radio-host", ["Radio host (male)", "电台主播男声", "電台主播男聲"], {
  sex: 1,
  pitch: 100,
  formantScale: 1,
  rate: 4.8,
  timbre: "warm",
});
voice("sweet-idol", ["Sweet idol (female)", "甜美偶像女声", "甜美偶像女聲"], {
  sex: 2,
  pitch: 270,
  formantScale: 1.22,
  rate: 5.6,
  timbre: "bright",
});
voice("storyteller", ["Storyteller", "故事讲述者", "故事講述者"], {
  sex: 2,
  pitch: 175,
  formantScale: 1.12,
  rate: 3.8,
  timbre: "breathy",
});

export const SHOP_EDITIONS: readonly Edition[] = editions;
