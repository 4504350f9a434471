/**
 * The digital shop's catalogue (spec sections 1, 3 "Shop sku", 7 "Orders and shop";
 * docs/decisions/025): single items, each unlocking one plan catalogue item (a shop edition of
 * shared/plan/editions.ts) or one avatar model (a system avatar of prisma/roles.ts), with its
 * classification, tags, a price per site in the smallest unit (fen on cn, cents on intl; 0 is free,
 * claimed rather than paid) and the day it was listed. The seed writes it to ShopSku for search,
 * sorting and paging; the order of this list is the shop's featured order (hot's tie-break).
 */

import type { Language, Site } from "../constants.ts";

type Texts = Record<Language, string>;
const t = (EN: string, ZH_CN: string, ZH_TN: string): Texts => ({ EN, ZH_CN, ZH_TN });

/** The shop's classifications, in the order the filter shows them. */
export const SHOP_CLASSIFICATIONS = {
  outfit: t("Outfits", "服装", "服裝"),
  scene: t("Scenes & backdrops", "场景与背景", "場景與背景"),
  pet: t("Pets", "宠物", "寵物"),
  effect: t("Effects", "特效", "特效"),
  interaction: t("Interactions", "互动", "互動"),
  voice: t("Voices", "声音", "聲音"),
  avatar: t("Avatar models", "形象模型", "形象模型"),
} as const satisfies Record<string, Texts>;
export type ShopClassify = keyof typeof SHOP_CLASSIFICATIONS;

/** The shop's tags. `free` is given by the price (free on both sites), never by hand. */
export const SHOP_TAGS = {
  new: t("New", "新品", "新品"),
  free: t("Free", "免费", "免費"),
  streamer: t("Streamer picks", "主播推荐", "主播推薦"),
  cute: t("Cute", "可爱", "可愛"),
  cyber: t("Neon & cyber", "霓虹赛博", "霓虹賽博"),
  elegant: t("Elegant", "优雅", "優雅"),
  festive: t("Festive", "节日", "節日"),
  nature: t("Nature", "自然", "自然"),
  scifi: t("Sci-fi", "科幻", "科幻"),
} as const satisfies Record<string, Texts>;
export type ShopTag = keyof typeof SHOP_TAGS;

/** Sort orders of the search: most owned, newest listed, price (low to high unless `desc`). */
export const SHOP_SORTS = ["hot", "newest", "price"] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

export interface ShopProduct {
  /** Stable: orders keep it. `shop.` + what it unlocks. */
  id: string;
  /** A plan catalogue item (CatalogueItem) or a system avatar (Role). */
  asset: { kind: "item" | "role"; id: string };
  classify: ShopClassify;
  tags: readonly Exclude<ShopTag, "free">[];
  /** Per site, in fen (cn) or cents (intl). 0: free, claimed once. */
  price: Record<Site, number>;
  /** YYYY-MM-DD (UTC): 'newest' sorts by it. */
  listedAt: string;
  description: Texts;
}

type Tags = ShopProduct["tags"];
const products: ShopProduct[] = [];
function product(
  kind: "item" | "role",
  id: string,
  classify: ShopClassify,
  tags: Tags,
  price: [cn: number, intl: number],
  listedAt: string,
  description: Texts,
) {
  const name = kind === "role" ? `avatar.${id.replace(/^shop-/, "")}` : id;
  products.push({
    id: `shop.${name}`,
    asset: { kind, id },
    classify,
    tags,
    price: { cn: price[0], intl: price[1] },
    listedAt,
    description,
  });
}
const item = (id: string, classify: ShopClassify, tags: Tags, price: [number, number], at: string, d: Texts) =>
  product("item", id, classify, tags, price, at, d);
const avatar = (id: string, tags: Tags, price: [number, number], at: string, d: Texts) =>
  product("role", id, "avatar", tags, price, at, d);

// Featured order: what the shop leads with when nothing has sold yet.
item(
  "outfit.neon-hoodie",
  "outfit",
  ["streamer", "cyber"],
  [1800, 299],
  "2026-10-28",
  t(
    "A black hoodie with glowing green trim that pops under stage lights.",
    "黑色连帽衫配荧光绿饰边，在舞台灯光下格外亮眼。",
    "黑色連帽衫配螢光綠飾邊，在舞台燈光下格外亮眼。",
  ),
);
avatar(
  "shop-f-01",
  ["new", "cyber"],
  [6800, 999],
  "2026-11-12",
  t(
    "Skye: sky-blue hair and a bright, open face, ready for any plan.",
    "丝凯：天蓝色头发，明亮开朗的面孔，适合任何方案。",
    "絲凱：天藍色頭髮，明亮開朗的面孔，適合任何方案。",
  ),
);
item(
  "scene.idol-stage",
  "scene",
  ["new", "streamer"],
  [5800, 899],
  "2026-11-05",
  t(
    "A concert stage in gold and pink neon for showtime streams.",
    "金色与粉色霓虹交织的演唱会舞台，适合表演型直播。",
    "金色與粉色霓虹交織的演唱會舞台，適合表演型直播。",
  ),
);
item(
  "outfit.sunset-tee",
  "outfit",
  ["cute"],
  [0, 0],
  "2026-09-02",
  t(
    "A warm orange tee, free for everyone: claim it once and keep it.",
    "暖橙色T恤，人人免费：领取一次，永久拥有。",
    "暖橙色T恤，人人免費：領取一次，永久擁有。",
  ),
);
item(
  "pet.golden-bot",
  "pet",
  ["scifi", "streamer"],
  [3600, 599],
  "2026-10-15",
  t(
    "A hovering golden robot that keeps your viewers company.",
    "一只金色悬浮机器人，陪伴你的观众。",
    "一隻金色懸浮機器人，陪伴你的觀眾。",
  ),
);
item(
  "effect.gold-confetti",
  "effect",
  ["festive"],
  [800, 149],
  "2026-08-20",
  t(
    "Golden confetti for milestones, birthdays and big gifts.",
    "金色彩纸，庆祝里程碑、生日和大额礼物。",
    "金色彩紙，慶祝里程碑、生日和大額禮物。",
  ),
);
item(
  "outfit.jade-qipao",
  "outfit",
  ["elegant", "festive"],
  [2800, 499],
  "2026-07-18",
  t(
    "A jade-green qipao with gold piping, elegant for festive streams.",
    "翡翠绿旗袍配金色滚边，节日直播优雅之选。",
    "翡翠綠旗袍配金色滾邊，節日直播優雅之選。",
  ),
);
item(
  "scene.aurora",
  "scene",
  ["nature"],
  [3800, 599],
  "2026-10-02",
  t(
    "Green aurora curtains over a starry night sky.",
    "星空之上，绿色极光如帷幕般流动。",
    "星空之上，綠色極光如帷幕般流動。",
  ),
);
item(
  "voice.sweet-idol",
  "voice",
  ["cute", "streamer"],
  [2500, 399],
  "2026-09-25",
  t(
    "A bright, quick female voice for cheerful idol-style streams.",
    "明亮轻快的女声，适合元气偶像风直播。",
    "明亮輕快的女聲，適合元氣偶像風直播。",
  ),
);
avatar(
  "shop-m-01",
  ["new", "elegant"],
  [6800, 999],
  "2026-11-12",
  t(
    "Jun: silver hair and calm features for polished, professional streams.",
    "俊：银色头发，沉稳五官，适合精致专业的直播。",
    "俊：銀色頭髮，沉穩五官，適合精緻專業的直播。",
  ),
);
item(
  "outfit.cat-ears-snow",
  "outfit",
  ["cute"],
  [1200, 199],
  "2026-08-08",
  t("Snow-white cat ears with pink insides.", "雪白猫耳，内里是粉色。", "雪白貓耳，內裡是粉色。"),
);
item(
  "backdrop.cyber-grid",
  "scene",
  ["cyber"],
  [1200, 199],
  "2026-07-30",
  t("A retro-futuristic grid in cyan and magenta.", "青色与洋红交织的复古未来网格。", "青色與洋紅交織的復古未來網格。"),
);
item(
  "pet.midnight-cat",
  "pet",
  ["cute"],
  [1900, 299],
  "2026-09-10",
  t(
    "A black cat with golden eyes that sways beside your avatar.",
    "金色眼睛的黑猫，在你的形象身旁轻轻摇摆。",
    "金色眼睛的黑貓，在你的形象身旁輕輕搖擺。",
  ),
);
item(
  "effect.sakura-storm",
  "effect",
  ["nature", "elegant"],
  [1500, 249],
  "2026-06-30",
  t("A gust of cherry petals drifting across the scene.", "一阵樱花花瓣飘过整个场景。", "一陣櫻花花瓣飄過整個場景。"),
);
item(
  "interact.gift-super-rocket",
  "interaction",
  ["streamer"],
  [600, 99],
  "2026-10-20",
  t(
    "A viewer event for the big 2000-coin rocket gift: make it trigger your best effect.",
    "2000金币超级火箭礼物的互动事件：触发你最炫的特效。",
    "2000金幣超級火箭禮物的互動事件：觸發你最炫的特效。",
  ),
);
item(
  "outfit.tuxedo-black",
  "outfit",
  ["elegant"],
  [2200, 399],
  "2026-06-12",
  t(
    "A sharp black tuxedo jacket with a white shirt front.",
    "利落的黑色礼服外套，配白色衬衫前襟。",
    "俐落的黑色禮服外套，配白色襯衫前襟。",
  ),
);
item(
  "backdrop.mint",
  "scene",
  ["nature"],
  [0, 0],
  "2026-06-01",
  t(
    "A fresh mint-green gradient backdrop, free to claim.",
    "清新的薄荷绿渐变背景，免费领取。",
    "清新的薄荷綠漸變背景，免費領取。",
  ),
);
item(
  "voice.radio-host",
  "voice",
  ["streamer"],
  [2500, 399],
  "2026-08-14",
  t(
    "A warm male voice with a late-night radio feel.",
    "温暖的男声，带着深夜电台的氛围。",
    "溫暖的男聲，帶著深夜電台的氛圍。",
  ),
);
item(
  "outfit.crown-silver",
  "outfit",
  ["elegant", "festive"],
  [3000, 499],
  "2026-09-18",
  t("A silver crown set with blue gems.", "镶嵌蓝色宝石的银色冠冕。", "鑲嵌藍色寶石的銀色冠冕。"),
);
item(
  "effect.club-lights",
  "effect",
  ["cyber"],
  [1800, 299],
  "2026-10-08",
  t("Pink disco lights sweeping over the stage.", "粉色迪斯科灯光扫过舞台。", "粉色迪斯科燈光掃過舞台。"),
);
item(
  "scene.mars-base",
  "scene",
  ["scifi"],
  [4500, 699],
  "2026-08-28",
  t(
    "A research station on the red planet, under a dusty orange sky.",
    "红色星球上的科研站，笼罩在尘土橙色的天空下。",
    "紅色星球上的科研站，籠罩在塵土橙色的天空下。",
  ),
);
avatar(
  "shop-f-02",
  ["elegant"],
  [5800, 899],
  "2026-10-24",
  t("Amara: golden hair and a warm smile.", "阿玛拉：金色头发，笑容温暖。", "阿瑪拉：金色頭髮，笑容溫暖。"),
);
item(
  "pet.koi",
  "pet",
  ["festive", "nature"],
  [2600, 399],
  "2026-07-06",
  t(
    "A white and red koi floating in the air: good luck for your stream.",
    "一条在空中游动的红白锦鲤，为你的直播带来好运。",
    "一條在空中游動的紅白錦鯉，為你的直播帶來好運。",
  ),
);
item(
  "outfit.gamer-headphones",
  "outfit",
  ["cyber", "streamer"],
  [1600, 299],
  "2026-09-30",
  t("Black gaming headphones with magenta lights.", "黑色电竞耳机，带洋红色灯光。", "黑色電競耳機，帶洋紅色燈光。"),
);
item(
  "interact.comment-hi",
  "interaction",
  [],
  [0, 0],
  "2026-06-01",
  t(
    "A viewer event for comments saying 'hi': greet newcomers automatically. Free to claim.",
    "评论“嗨”的互动事件：自动欢迎新观众。免费领取。",
    "評論「嗨」的互動事件：自動歡迎新觀眾。免費領取。",
  ),
);
item(
  "outfit.sakura-sweater",
  "outfit",
  ["cute", "nature"],
  [1500, 249],
  "2026-07-22",
  t("A soft pink knit in cherry-blossom colours.", "樱花色的柔软粉色针织衫。", "櫻花色的柔軟粉色針織衫。"),
);
item(
  "scene.autumn-garden",
  "scene",
  ["nature"],
  [3200, 499],
  "2026-09-06",
  t("A garden in autumn colours, with falling leaves.", "秋色庭院，落叶纷飞。", "秋色庭院，落葉紛飛。"),
);
item(
  "pet.arctic-fox",
  "pet",
  ["cute", "nature"],
  [2900, 499],
  "2026-10-11",
  t("A white arctic fox with a bushy tail.", "一只尾巴蓬松的白色北极狐。", "一隻尾巴蓬鬆的白色北極狐。"),
);
item(
  "effect.aqua-rim",
  "effect",
  ["cyber"],
  [1000, 199],
  "2026-08-02",
  t(
    "An icy blue rim light that outlines your avatar.",
    "冰蓝色轮廓光，勾勒出你的形象。",
    "冰藍色輪廓光，勾勒出你的形象。",
  ),
);
item(
  "outfit.aviators-gold",
  "outfit",
  [],
  [900, 149],
  "2026-06-20",
  t("Gold-rimmed aviator sunglasses.", "金框飞行员墨镜。", "金框飛行員墨鏡。"),
);
item(
  "voice.storyteller",
  "voice",
  ["elegant"],
  [1900, 299],
  "2026-07-12",
  t(
    "A slow, breathy voice for stories and late-night chats.",
    "缓慢轻柔的声音，适合讲故事和深夜聊天。",
    "緩慢輕柔的聲音，適合講故事和深夜聊天。",
  ),
);
item(
  "interact.like-storm",
  "interaction",
  ["festive"],
  [500, 99],
  "2026-08-24",
  t("A viewer event for a burst of 1000 likes.", "1000次连续点赞的互动事件。", "1000次連續點讚的互動事件。"),
);
item(
  "outfit.chain-gold",
  "outfit",
  [],
  [1200, 199],
  "2026-06-26",
  t("A heavy gold chain necklace.", "粗款金色项链。", "粗款金色項鍊。"),
);
avatar(
  "shop-m-02",
  [],
  [5800, 899],
  "2026-10-24",
  t("Felix: auburn hair and green eyes.", "菲利克斯：赤褐色头发，绿色眼睛。", "菲利克斯：赤褐色頭髮，綠色眼睛。"),
);

export const SHOP_PRODUCTS: readonly ShopProduct[] = products;

export const findShopProduct = (id: string): ShopProduct | undefined => SHOP_PRODUCTS.find((p) => p.id === id);

/** A free product costs nothing on either site: it is claimed, not ordered. */
export const isFree = (p: Pick<ShopProduct, "price">): boolean => p.price.cn === 0 && p.price.intl === 0;

/** A product's tags as listed: its own, and `free` when it costs nothing. */
export const tagsOf = (p: ShopProduct): ShopTag[] => (isFree(p) ? [...p.tags, "free"] : [...p.tags]);

/** Shop SKU ids start with this: the order service tells an item from a membership by it. */
export const SHOP_SKU_PREFIX = "shop.";
