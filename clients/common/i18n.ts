/**
 * The client pages' strings in the product's three languages. Small on purpose: the client
 * carries no i18n library. The language is the one chosen on the client page (kept by the
 * launcher, so the scene in OBS follows it), else the browser's.
 */

export const CLIENT_LANGUAGES = ["EN", "ZH_CN", "ZH_TN"] as const;
export type ClientLanguage = (typeof CLIENT_LANGUAGES)[number];

const en = {
  htmlLang: "en",
  languageName: "English",
  title: "Avalive live-stream client",
  variant: { local: "Local rendering", cloud: "Cloud rendering" },
  version: "Version {version}",
  language: "Language",
  serverTitle: "Avalive server",
  serverHelp: "The address of the Avalive website you log in to.",
  serverChange: "Change",
  serverSave: "Save",
  serverFixed: "Set when the client was started (--server).",
  serverOk: "Connected",
  serverDown: "Not answering",
  serverInvalid: "Enter an address starting with http:// or https://",
  loginTitle: "Log in",
  email: "Email",
  password: "Password",
  loginButton: "Log in",
  loggingIn: "Logging in…",
  loginHint: "Use your Avalive email and password. No password yet? Set one with Forgotten password on the website.",
  forgot: "Forgotten password",
  needEmail: "Enter your email",
  needPassword: "Enter your password",
  accountTitle: "Account",
  loggedInAs: "Logged in as {email}",
  logout: "Log out",
  membership: "Membership: {value}",
  membershipUntil: "{tier}, until {date}",
  noMembership: "No membership",
  planTitle: "Plan in use",
  planHolds: "{outfits} outfits · {pets} pets · {effects} effects",
  noPlan: "No plan in use. On the website, open My drafts and click Use on a plan.",
  openMyPlans: "Open My drafts",
  hoursTitle: "Cloud-rendering hours",
  hoursValue: "{hours} h {minutes} min",
  hoursNote: "This release draws the scene on this PC with the page your server hosts; no hours are deducted.",
  obsTitle: "Go live with OBS",
  obsStep1: "In OBS Studio, add a source: Sources → + → Browser.",
  obsStep2: "Paste this address as its URL:",
  obsStep3: "Set the width to 1280 and the height to 720, then click OK.",
  obsStep4: "Start streaming in OBS. The scene follows your plan in use.",
  copy: "Copy",
  copied: "Copied",
  openScene: "Open the scene",
  previewTitle: "Preview",
  renderingLocal: "Drawn on this PC by the 3D engine inside this client.",
  renderingCloud: "Loaded from your Avalive server, drawn by the browser source.",
  unreachable: "Cannot reach the Avalive server at {server}.",
  launcherDown: "The client program is not running. Start it again with start.cmd (Windows) or start.sh.",
  loading: "Loading…",
  sceneLoading: "Loading your scene…",
  sceneLogin: "Log in on the Avalive client page: {url}",
  sceneNoPlan: "No plan in use: choose one on the Avalive website.",
  sceneUnreachable: "The Avalive server does not answer. Trying again…",
  sceneLabel: "The live scene of the plan {name}",
};

export type ClientStrings = typeof en;

const zhCn: ClientStrings = {
  htmlLang: "zh-CN",
  languageName: "简体中文",
  title: "Avalive 直播客户端",
  variant: { local: "本地渲染版", cloud: "云渲染版" },
  version: "版本 {version}",
  language: "语言",
  serverTitle: "Avalive 服务器",
  serverHelp: "你登录的 Avalive 网站地址。",
  serverChange: "修改",
  serverSave: "保存",
  serverFixed: "启动客户端时已指定（--server）。",
  serverOk: "已连接",
  serverDown: "无响应",
  serverInvalid: "请输入以 http:// 或 https:// 开头的地址",
  loginTitle: "登录",
  email: "邮箱",
  password: "密码",
  loginButton: "登录",
  loggingIn: "正在登录…",
  loginHint: "使用 Avalive 邮箱和密码登录。还没有密码？请在网站上通过“忘记密码”设置。",
  forgot: "忘记密码",
  needEmail: "请输入邮箱",
  needPassword: "请输入密码",
  accountTitle: "账号",
  loggedInAs: "已登录：{email}",
  logout: "退出登录",
  membership: "会员：{value}",
  membershipUntil: "{tier}，有效期至 {date}",
  noMembership: "未开通会员",
  planTitle: "使用中的方案",
  planHolds: "{outfits} 件服装 · {pets} 个宠物 · {effects} 个特效",
  noPlan: "暂无使用中的方案。请在网站上打开“我的草稿”，点击方案的“使用”。",
  openMyPlans: "打开我的草稿",
  hoursTitle: "云渲染时长",
  hoursValue: "{hours} 小时 {minutes} 分钟",
  hoursNote: "本版本使用服务器提供的页面在本机绘制画面，不扣除时长。",
  obsTitle: "用 OBS 开播",
  obsStep1: "在 OBS Studio 中添加来源：来源 → + → 浏览器。",
  obsStep2: "将以下地址粘贴为其 URL：",
  obsStep3: "宽度设为 1280，高度设为 720，然后点击确定。",
  obsStep4: "在 OBS 中开始直播。画面会跟随你使用中的方案。",
  copy: "复制",
  copied: "已复制",
  openScene: "打开直播画面",
  previewTitle: "预览",
  renderingLocal: "由客户端内置的 3D 引擎在本机绘制。",
  renderingCloud: "从你的 Avalive 服务器加载，由浏览器来源绘制。",
  unreachable: "无法连接 Avalive 服务器 {server}。",
  launcherDown: "客户端程序未运行。请用 start.cmd（Windows）或 start.sh 重新启动。",
  loading: "加载中…",
  sceneLoading: "正在加载直播画面…",
  sceneLogin: "请在 Avalive 客户端页面登录：{url}",
  sceneNoPlan: "暂无使用中的方案：请在 Avalive 网站上选择一个方案。",
  sceneUnreachable: "Avalive 服务器无响应，正在重试…",
  sceneLabel: "方案 {name} 的直播画面",
};

const zhTn: ClientStrings = {
  htmlLang: "zh-TW",
  languageName: "繁體中文",
  title: "Avalive 直播客戶端",
  variant: { local: "本機渲染版", cloud: "雲端渲染版" },
  version: "版本 {version}",
  language: "語言",
  serverTitle: "Avalive 伺服器",
  serverHelp: "你登入的 Avalive 網站位址。",
  serverChange: "修改",
  serverSave: "儲存",
  serverFixed: "啟動客戶端時已指定（--server）。",
  serverOk: "已連線",
  serverDown: "無回應",
  serverInvalid: "請輸入以 http:// 或 https:// 開頭的位址",
  loginTitle: "登入",
  email: "電子郵件",
  password: "密碼",
  loginButton: "登入",
  loggingIn: "正在登入…",
  loginHint: "使用 Avalive 電子郵件和密碼登入。還沒有密碼？請在網站上透過「忘記密碼」設定。",
  forgot: "忘記密碼",
  needEmail: "請輸入電子郵件",
  needPassword: "請輸入密碼",
  accountTitle: "帳號",
  loggedInAs: "已登入：{email}",
  logout: "登出",
  membership: "會員：{value}",
  membershipUntil: "{tier}，有效期至 {date}",
  noMembership: "未開通會員",
  planTitle: "使用中的方案",
  planHolds: "{outfits} 件服裝 · {pets} 個寵物 · {effects} 個特效",
  noPlan: "目前沒有使用中的方案。請在網站上開啟「我的草稿」，點選方案的「使用」。",
  openMyPlans: "開啟我的草稿",
  hoursTitle: "雲端渲染時數",
  hoursValue: "{hours} 小時 {minutes} 分鐘",
  hoursNote: "本版本使用伺服器提供的頁面在本機繪製畫面，不扣除時數。",
  obsTitle: "用 OBS 開播",
  obsStep1: "在 OBS Studio 中新增來源：來源 → + → 瀏覽器。",
  obsStep2: "將以下位址貼上為其 URL：",
  obsStep3: "寬度設為 1280，高度設為 720，然後按確定。",
  obsStep4: "在 OBS 中開始直播。畫面會跟隨你使用中的方案。",
  copy: "複製",
  copied: "已複製",
  openScene: "開啟直播畫面",
  previewTitle: "預覽",
  renderingLocal: "由客戶端內建的 3D 引擎在本機繪製。",
  renderingCloud: "從你的 Avalive 伺服器載入，由瀏覽器來源繪製。",
  unreachable: "無法連線 Avalive 伺服器 {server}。",
  launcherDown: "客戶端程式未執行。請用 start.cmd（Windows）或 start.sh 重新啟動。",
  loading: "載入中…",
  sceneLoading: "正在載入直播畫面…",
  sceneLogin: "請在 Avalive 客戶端頁面登入：{url}",
  sceneNoPlan: "目前沒有使用中的方案：請在 Avalive 網站上選擇一個方案。",
  sceneUnreachable: "Avalive 伺服器無回應，正在重試…",
  sceneLabel: "方案 {name} 的直播畫面",
};

export const STRINGS: Record<ClientLanguage, ClientStrings> = { EN: en, ZH_CN: zhCn, ZH_TN: zhTn };

export function isClientLanguage(value: unknown): value is ClientLanguage {
  return (CLIENT_LANGUAGES as readonly unknown[]).includes(value);
}

/** The chosen language, else the browser's (Traditional for zh-TW, zh-HK and zh-Hant). */
export function pickLanguage(chosen: unknown, browser: readonly string[]): ClientLanguage {
  if (isClientLanguage(chosen)) return chosen;
  for (const tag of browser) {
    const lower = tag.toLowerCase();
    if (/^zh-(tw|hk|mo)|^zh-hant/.test(lower)) return "ZH_TN";
    if (lower.startsWith("zh")) return "ZH_CN";
    if (lower.startsWith("en")) return "EN";
  }
  return "EN";
}

/** `{name}` placeholders filled from params. */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}
