/**
 * Every message the server can answer with, in the three languages (spec section 8).
 * The English texts quoted by the spec are reproduced exactly; keys are stable identifiers
 * shared by the server (envelope messages) and the web (toasts, inline errors).
 */

import type { Language } from "./constants.ts";

type Texts = Record<Language, string>;

const m = (EN: string, ZH_CN: string, ZH_TN: string): Texts => ({ EN, ZH_CN, ZH_TN });

export const MESSAGES = {
  // generic
  ok: m("Success", "成功", "成功"),
  badRequest: m("Invalid request", "请求参数有误", "請求參數有誤"),
  fieldInvalid: m("Invalid field: {field}", "字段无效：{field}", "欄位無效：{field}"),
  fieldRequired: m("Missing field: {field}", "缺少字段：{field}", "缺少欄位：{field}"),
  notFound: m("Not found", "未找到", "未找到"),
  routeNotFound: m("No such API: {method} {url}", "接口不存在：{method} {url}", "介面不存在：{method} {url}"),
  methodNotAllowed: m("Method not allowed", "不支持的请求方法", "不支援的請求方法"),
  payloadTooLarge: m("The request is too large", "请求内容过大", "請求內容過大"),
  unsupportedMediaType: m("Unsupported content type", "不支持的内容类型", "不支援的內容類型"),
  headersTooLarge: m("The request headers are too large", "请求头过大", "請求標頭過大"),
  requestTimeout: m("The request took too long to arrive", "请求超时", "請求逾時"),
  tooManyRequests: m(
    "Too many requests, please retry in {seconds} seconds",
    "请求过于频繁，请{seconds}秒后重试",
    "請求過於頻繁，請{seconds}秒後重試",
  ),
  internalError: m(
    "The service is temporarily unavailable, please try again later",
    "服务暂时不可用，请稍后再试",
    "服務暫時不可用，請稍後再試",
  ),
  serviceUnavailable: m("The service is busy, please try again later", "服务繁忙，请稍后再试", "服務繁忙，請稍後再試"),
  networkError: m("network error", "网络错误", "網路錯誤"),
  tokenInvalid: m("Please log in again", "登录已失效，请重新登录", "登入已失效，請重新登入"),

  // login and registration
  emailOrPasswordIncorrect: m("Email or password is incorrect", "邮箱或密码错误", "郵箱或密碼錯誤"),
  verificationCodeError: m("Verification code error", "验证码错误", "驗證碼錯誤"),
  emailInvalid: m(
    "Email error, please enter correct email",
    "邮箱错误，请输入正确的邮箱",
    "郵箱錯誤，請輸入正確的郵箱",
  ),
  emailRegistered: m("This email has already been registered", "该邮箱已被注册", "該郵箱已被註冊"),
  phoneInvalid: m("Please enter a valid mobile phone number", "请输入有效的手机号码", "請輸入有效的手機號碼"),
  phoneError: m("Phone number error, please check and retry", "手机号错误，请检查后重试", "手機號錯誤，請檢查後重試"),
  termsNotConfirmed: m(
    "Please confirm the Terms of Service & Privacy Policy",
    "请确认服务条款与隐私政策",
    "請確認服務條款與隱私政策",
  ),
  passwordLength: m("Password must be 8 to 20 characters", "密码长度为8到20位", "密碼長度為8到20位"),
  codeCooldown: m(
    "Codes are sent at most once a minute, please retry in {seconds} seconds",
    "验证码发送过于频繁，请{seconds}秒后重试",
    "驗證碼發送過於頻繁，請{seconds}秒後重試",
  ),
  sendLimit: m(
    "Too many codes requested, please try again later",
    "验证码发送次数过多，请稍后再试",
    "驗證碼發送次數過多，請稍後再試",
  ),
  lastLoginMethod: m(
    "Bind an email or a phone number first, so that you can still log in",
    "请先绑定邮箱或手机号，以免无法登录",
    "請先綁定郵箱或手機號，以免無法登入",
  ),
  loginLocked: m(
    "Too many wrong passwords: this account is locked for {minutes} minutes. Reset the password, or log in with a code, to unlock it now",
    "密码错误次数过多，该账号已锁定{minutes}分钟。重置密码或使用验证码登录可立即解锁",
    "密碼錯誤次數過多，該帳號已鎖定{minutes}分鐘。重設密碼或使用驗證碼登入可立即解鎖",
  ),
  loginLimit: m(
    "Too many failed logins from this network, please retry in {minutes} minutes",
    "此网络登录失败次数过多，请{minutes}分钟后重试",
    "此網路登入失敗次數過多，請{minutes}分鐘後重試",
  ),
  ticketExpired: m(
    "This login has expired, please log in again",
    "本次登录已过期，请重新登录",
    "本次登入已過期，請重新登入",
  ),

  // photo cloning
  photoError1: m(
    "Image size should not exceed 3MB, please upload different photos",
    "图片大小不能超过3MB，请上传其他照片",
    "圖片大小不能超過3MB，請上傳其他照片",
  ),
  photoError2: m(
    "Image resolution should be larger than 500×500 pixels, please upload different photos",
    "图片分辨率需大于500×500像素，请上传其他照片",
    "圖片解析度需大於500×500像素，請上傳其他照片",
  ),
  photoError3: m(
    "The file format is not supported, please upload different photos",
    "不支持该文件格式，请上传其他照片",
    "不支援該檔案格式，請上傳其他照片",
  ),
  photoError4: m(
    "The uploaded file is broken, please upload different photos",
    "上传的文件已损坏，请上传其他照片",
    "上傳的檔案已損壞，請上傳其他照片",
  ),
  photoError5: m(
    "No face was found in the photo, please upload a clear frontal photo",
    "照片中未检测到人脸，请上传清晰的正脸照片",
    "照片中未偵測到人臉，請上傳清晰的正臉照片",
  ),
  cloneSuccess: m("Cloning Successfully", "克隆成功", "克隆成功"),
  cartoonInvalid: m(
    "The cartoon avatar could not be read, please export it again",
    "无法读取卡通形象，请重新导出",
    "無法讀取卡通形象，請重新匯出",
  ),
  cartoonUrlRefused: m(
    "This address cannot be used: cartoon avatars load only from Avalive's own storage",
    "不支持该地址：卡通形象只能从 Avalive 自有存储加载",
    "不支援該位址：卡通形象只能從 Avalive 自有儲存載入",
  ),
  photoNetworkError: m(
    "Network error, please upload different photos",
    "网络错误，请上传其他照片",
    "網路錯誤，請上傳其他照片",
  ),

  // avatars, plans, limits, access
  locked: m(
    "No privileges available. Unlock membership for more benefits.",
    "暂无权限，开通会员享更多权益。",
    "暫無權限，開通會員享更多權益。",
  ),
  planLimit: m("user reached the plan limit", "方案数量已达上限", "方案數量已達上限"),
  diyFaceLimit: m("DIY face count reached the limit", "自定义形象数量已达上限", "自訂形象數量已達上限"),
  filenameEmpty: m("Filename cannot be empty", "文件名不能为空", "檔案名不能為空"),
  filenameRequired: m("Filename is required", "请输入文件名", "請輸入檔案名"),
  nameEmpty: m("name cannot be empty", "名称不能为空", "名稱不能為空"),
  noPermission: m("Permission denied", "暂无权限", "暫無權限"),
  membershipExpired: m("Your membership has expired, please renew", "会员已过期，请续费", "會員已過期，請續費"),
  tooManyUsers: m("Too many users, please retry it later", "当前用户过多，请稍后重试", "當前用戶過多，請稍後重試"),
  timeLimitExceeded: m("Time limit exceeded", "使用时长已用完", "使用時長已用完"),
  idle: m("No operation over a long time", "长时间未操作", "長時間未操作"),
  selectionRequired: m("Please select at least one item", "请至少选择一项", "請至少選擇一項"),
  planItemLimit: m("A plan holds at most {max} of these", "每个方案最多添加{max}个", "每個方案最多添加{max}個"),

  // contact form
  nameRequired: m("Name is required", "请输入姓名", "請輸入姓名"),
  contactRequired: m(
    "Please enter a valid phone number or email",
    "请输入有效的手机号或邮箱",
    "請輸入有效的手機號或郵箱",
  ),
  descriptionRequired: m("Please describe your request", "请填写咨询内容", "請填寫諮詢內容"),
  descriptionTooLong: m(
    "The description can be at most {max} characters",
    "咨询内容最多 {max} 个字",
    "諮詢內容最多 {max} 個字",
  ),

  // announcement types (GET /announcement/typeInit)
  announcement_release: m("Releases", "版本发布", "版本發佈"),
  announcement_maintenance: m("Maintenance", "维护公告", "維護公告"),
  announcement_event: m("Events", "活动", "活動"),
  announcement_notice: m("Notices", "通知", "通知"),
  contactSent: m(
    "Thank you. We have your message and will reply within one working day.",
    "感谢你的留言，我们会在一个工作日内回复。",
    "感謝你的留言，我們會在一個工作日內回覆。",
  ),
  /** The subject of a contact enquiry delivered to support. */
  contactSubject: m("Contact form: {name}", "咨询表单：{name}", "諮詢表單：{name}"),

  // payment
  payError: m("Pay Error", "支付失败", "支付失敗"),
  wechatLimit: m(
    "WeChat payment limit 3000 yuan, choose another method",
    "微信支付限额3000元，请选择其他支付方式",
    "微信支付限額3000元，請選擇其他支付方式",
  ),

  skuUnknown: m("This product is not for sale", "该商品不在售", "該商品不在售"),
  channelNotOffered: m(
    "This payment method is not offered on this site",
    "本站不支持该支付方式",
    "本站不支援該支付方式",
  ),
  orderClosed: m("This order has closed, please place a new one", "订单已关闭，请重新下单", "訂單已關閉，請重新下單"),
  orderPaid: m("This order has already been paid", "该订单已支付", "該訂單已支付"),
  trialUsed: m("The free trial has already been used", "免费试用已使用过", "免費試用已使用過"),
  downgradeRefused: m(
    "You hold {tier} until {date}; choose it or a higher tier",
    "你的{tier}有效期至{date}，请选择该等级或更高等级",
    "你的{tier}有效期至{date}，請選擇該等級或更高等級",
  ),
  paySuccess: m("Payment successful", "支付成功", "支付成功"),

  // IP activation
  ipCodeInvalid: m("This activation code is not valid", "激活码无效", "啟用碼無效"),
  ipCodeUsed: m("This activation code has already been used", "该激活码已被使用", "此啟用碼已被使用"),
  ipCodeExpired: m("This activation code has expired", "该激活码已过期", "此啟用碼已過期"),
  ipAlreadyHeld: m(
    "You already hold {licence}; keep this code for someone else",
    "你已拥有{licence}，此激活码可留给他人使用",
    "你已擁有{licence}，此啟用碼可留給他人使用",
  ),
  ipActivated: m("Activation successful", "激活成功", "啟用成功"),

  // downloads
  downloadNotFound: m("There is no such download", "没有这个下载文件", "沒有這個下載檔案"),
  downloadUnavailable: m(
    "This client is not available on this server right now; please try again later",
    "此服务器暂时无法提供该客户端，请稍后再试",
    "此伺服器暫時無法提供該客戶端，請稍後再試",
  ),
  trialStarted: m("Your free trial has started", "免费试用已开通", "免費試用已開通"),
  notifyRefused: m("Notification refused", "通知验证失败", "通知驗證失敗"),

  // tailored models (docs/decisions/026)
  customDiamondOnly: m(
    "Tailored models are a diamond-member benefit. Upgrade to diamond to send a request.",
    "形象定制是钻石会员权益，升级钻石会员即可提交定制需求。",
    "形象定制是鑽石會員權益，升級鑽石會員即可提交定制需求。",
  ),
  customPhotosRequired: m(
    "Please add at least one reference photo",
    "请至少添加一张参考照片",
    "請至少添加一張參考照片",
  ),
  customTooManyPhotos: m(
    "You can add at most {max} reference photos",
    "参考照片最多 {max} 张",
    "參考照片最多 {max} 張",
  ),
  customStyleRequired: m("Please choose a style", "请选择风格", "請選擇風格"),
  customBudgetInvalid: m(
    "Please enter a budget between {min} and {max}",
    "请输入 {min} 至 {max} 之间的预算",
    "請輸入 {min} 至 {max} 之間的預算",
  ),
  customDeadlineInvalid: m("Please choose a deadline", "请选择交付日期", "請選擇交付日期"),
  customDeadlinePast: m("The deadline must be a day after today", "交付日期必须晚于今天", "交付日期必須晚於今天"),
  customDeadlineTooSoon: m(
    "The deadline must be at least {days} days from today",
    "交付日期至少需在 {days} 天之后",
    "交付日期至少需在 {days} 天之後",
  ),
  customDeadlineTooFar: m(
    "The deadline can be at most {days} days from today",
    "交付日期最多为 {days} 天之后",
    "交付日期最多為 {days} 天之後",
  ),
  customNotCancellable: m("This request can no longer be cancelled", "该定制需求已无法取消", "該定制需求已無法取消"),
  customStateRefused: m(
    "This request is {status}; {action} needs it to be {allowed}",
    "该需求当前为 {status}，{action} 仅适用于 {allowed}",
    "該需求目前為 {status}，{action} 僅適用於 {allowed}",
  ),
  customQuoteInvalid: m(
    "The quote must be a whole number of {unit} from 1 to {max}",
    "报价须为 1 至 {max} 之间的整数（单位：{unit}）",
    "報價須為 1 至 {max} 之間的整數（單位：{unit}）",
  ),
  customReasonRequired: m("Please give the reason", "请填写原因", "請填寫原因"),
  customCancelled: m("Request cancelled", "已取消需求", "已取消需求"),
  customSubmitted: m(
    "Request sent. The studio will quote within 2 working days.",
    "需求已提交，工作室将在 2 个工作日内报价。",
    "需求已提交，工作室將在 2 個工作日內報價。",
  ),
  customAvatarName: m("Tailored model · {style}", "定制形象·{style}", "定制形象·{style}"),
  customStatus_submitted: m("Submitted", "已提交", "已提交"),
  customStatus_quoted: m("Quoted", "已报价", "已報價"),
  customStatus_producing: m("In production", "制作中", "製作中"),
  customStatus_delivered: m("Delivered", "已交付", "已交付"),
  customStatus_rejected: m("Rejected", "已拒绝", "已拒絕"),
  customStatus_cancelled: m("Cancelled", "已取消", "已取消"),
  customStyle_realistic: m("Realistic", "写实", "寫實"),
  customStyle_stylised: m("Stylised", "风格化", "風格化"),
  customStyle_anime: m("Anime", "二次元", "二次元"),
  customStyle_cartoon: m("Cartoon", "卡通", "卡通"),
  customStyleText_realistic: m(
    "True to life: your face, skin and hair as in the photos.",
    "贴近真人：还原照片中的五官、肤色与发色。",
    "貼近真人：還原照片中的五官、膚色與髮色。",
  ),
  customStyleText_stylised: m(
    "Recognisably you, with softer shapes and a cleaner finish.",
    "保留辨识度，线条更柔和、质感更干净。",
    "保留辨識度，線條更柔和、質感更乾淨。",
  ),
  customStyleText_anime: m(
    "Large eyes and bright colours, in the style of Japanese animation.",
    "大眼睛、明亮配色的日系动漫风格。",
    "大眼睛、明亮配色的日系動漫風格。",
  ),
  customStyleText_cartoon: m(
    "Playful proportions for mascots and brand characters.",
    "俏皮的比例，适合吉祥物与品牌角色。",
    "俏皮的比例，適合吉祥物與品牌角色。",
  ),
  customBudget_entry: m("Bust from your photos", "照片定制半身形象", "照片定制半身形象"),
  customBudget_standard: m("Full avatar with an outfit", "全身形象含一套服装", "全身形象含一套服裝"),
  customBudget_premium: m(
    "Full avatar, outfits and a motion set",
    "全身形象、多套服装与动作包",
    "全身形象、多套服裝與動作包",
  ),
  customBudget_brand: m("Brand character with usage rights", "品牌 IP 角色及使用授权", "品牌 IP 角色及使用授權"),
  // shop
  shopAlreadyOwned: m("You already own this item", "你已拥有该商品", "你已擁有該商品"),
  shopNotFree: m("This item is not free: buy it instead", "该商品不是免费的，请购买", "該商品不是免費的，請購買"),
  shopItemLocked: m(
    "This item is sold in the shop: buy it to use it",
    "该物品在商城出售，购买后即可使用",
    "該物品在商城出售，購買後即可使用",
  ),
  shopItemFree: m(
    "This item is free: claim it instead of paying",
    "该商品免费，直接领取即可",
    "該商品免費，直接領取即可",
  ),
  shopOneAtATime: m("Shop items are bought one at a time", "商城单品每次只能购买一件", "商城單品每次只能購買一件"),

  // live studio
  liveNoPlan: m(
    "No plan is in use: choose a plan in My plans and use it",
    "还没有使用中的方案：请在我的方案中选择并使用一个方案",
    "還沒有使用中的方案：請在我的方案中選擇並使用一個方案",
  ),
  liveModeUnavailable: m("This live mode is not available yet", "该直播模式暂未开放", "該直播模式暫未開放"),
  streamKeyInvalid: m("The stream key is wrong or no longer valid", "推流密钥错误或已失效", "推流密鑰錯誤或已失效"),
  liveSessionEnded: m("This live session has ended", "本场直播已结束", "本場直播已結束"),
  cloudTicketInvalid: m(
    "The cloud session's ticket is wrong, used or expired",
    "云直播凭证错误、已使用或已过期",
    "雲直播憑證錯誤、已使用或已過期",
  ),
  liveModeSwitch: m(
    "Cloud rendering cannot be switched to or from while live: end the session and go live again",
    "直播中无法切换到云渲染或从云渲染切出：请结束本场直播后重新开播",
    "直播中無法切換到雲渲染或從雲渲染切出：請結束本場直播後重新開播",
  ),
  liveNotCloud: m("This live session is not a cloud session", "本场直播不是云渲染直播", "本場直播不是雲渲染直播"),
  portraitFailed: m(
    "The portrait could not be rendered, please retry",
    "形象图片生成失败，请重试",
    "形象圖片生成失敗，請重試",
  ),
  cloudRenderFailed: m(
    "The cloud renderer could not start, please retry",
    "云渲染启动失败，请重试",
    "雲渲染啟動失敗，請重試",
  ),
  speechTextEmpty: m("Type something for the avatar to say", "请输入要让形象说的话", "請輸入要讓形象說的話"),
  speechTextTooLong: m(
    "The avatar says at most {max} characters at a time",
    "形象一次最多说 {max} 个字",
    "形象一次最多說 {max} 個字",
  ),
  speechNoVoice: m(
    "This plan has no voice: choose one in the plan's sounds",
    "该方案还没有声音：请在方案的声音中选择一个",
    "該方案還沒有聲音：請在方案的聲音中選擇一個",
  ),
  speechUnavailable: m("Speech is not available on this server", "此服务器未提供语音合成", "此伺服器未提供語音合成"),
  interactReplyTooLong: m("A reply is at most {max} characters", "回复最多 {max} 个字", "回覆最多 {max} 個字"),
  viewerSomeone: m("a viewer", "一位观众", "一位觀眾"),
  faceFrameInvalid: m(
    "Face data refused: unknown shapes, values out of range or too large",
    "面部数据被拒绝：未知的表情、数值超出范围或数据过大",
    "面部數據被拒絕：未知的表情、數值超出範圍或數據過大",
  ),
  liveMode_plan: m("Plan playback", "方案直播", "方案直播"),
  liveMode_face: m("Face capture", "面部捕捉", "面部捕捉"),
  liveMode_halfBody: m("Half-body capture", "半身捕捉", "半身捕捉"),
  liveMode_motion: m("Professional motion capture", "专业动作捕捉", "專業動作捕捉"),
  liveMode_cloud: m("Cloud rendering (720p)", "云渲染（720p）", "雲渲染（720p）"),
  shopClaimed: m("Added to My purchases", "已加入我的购买", "已加入我的購買"),

  // catalogue names
  tier_silver: m("Silver member", "白银会员", "白銀會員"),
  tier_gold: m("Gold member", "黄金会员", "黃金會員"),
  tier_diamond: m("Diamond member", "钻石会员", "鑽石會員"),
  tier_cloud: m("Cloud member", "云会员", "雲會員"),
  period_month: m("1 month", "月卡", "月卡"),
  period_season: m("1 season", "季卡", "季卡"),
  period_year: m("1 year", "年卡", "年卡"),
  hoursPackage: m("{hours} cloud-rendering hours", "{hours}小时云渲染时长", "{hours}小時雲渲染時長"),
  benefits_silver: m(
    "Real-time face capture|Local-rendering live stream|5 DIY faces, 5 plans",
    "实时面部捕捉|本地渲染直播|5 个 DIY 形象、5 个方案",
    "即時面部捕捉|本地渲染直播|5 個 DIY 形象、5 個方案",
  ),
  benefits_gold: m(
    "Everything in silver|More live modes|Half-body capture|15 DIY faces, 20 plans",
    "包含白银全部权益|更多直播模式|半身动作捕捉|15 个 DIY 形象、20 个方案",
    "包含白銀全部權益|更多直播模式|半身動作捕捉|15 個 DIY 形象、20 個方案",
  ),
  benefits_diamond: m(
    "All rights|Customisation|Professional motion capture|50 DIY faces, 100 plans",
    "全部权益|形象定制|专业动作捕捉|50 个 DIY 形象、100 个方案",
    "全部權益|形象定制|專業動作捕捉|50 個 DIY 形象、100 個方案",
  ),
  benefits_cloud: m(
    "Cloud rendering at 720p|Stream without a strong PC|5 DIY faces, 10 plans",
    "720p 云端渲染|无需高配电脑即可直播|5 个 DIY 形象、10 个方案",
    "720p 雲端渲染|無需高配電腦即可直播|5 個 DIY 形象、10 個方案",
  ),
  status_1: m("Pending payment", "待支付", "待支付"),
  status_2: m("Paid", "已支付", "已支付"),
  status_3: m("Payment failed", "支付失败", "支付失敗"),
  status_4: m("Closed", "已关闭", "已關閉"),
  channel_alipay: m("Alipay", "支付宝", "支付寶"),
  channel_wechat: m("WeChat Pay", "微信支付", "微信支付"),
  channel_card: m("Card", "银行卡", "銀行卡"),

  // what the server names the things it creates
  draftSuffix: m(" draft", " 方案", " 方案"),
  copySuffix: m(" copy", " 副本", " 副本"),
  photoCloneName: m("Photo clone", "照片克隆", "照片克隆"),

  // verification-code e-mails and text messages ({purpose}: one of the codePurpose_ texts)
  codeSubject: m("Your Avalive code: {code}", "Avalive 验证码 {code}", "Avalive 驗證碼 {code}"),
  codeBody: m(
    "Use the code {code} to {purpose}. It is valid for 10 minutes. If this was not you, ignore this message.",
    "您正在{purpose}，验证码：{code}，10分钟内有效。如非本人操作，请忽略。",
    "您正在{purpose}，驗證碼：{code}，10分鐘內有效。如非本人操作，請忽略。",
  ),
  codePurpose_login: m("log in", "登录", "登入"),
  codePurpose_register: m("create your account", "注册账号", "註冊帳號"),
  codePurpose_reset: m("reset your password", "重置密码", "重設密碼"),
  codePurpose_bind: m("bind this address to your account", "绑定账号", "綁定帳號"),
  codePurpose_cancel: m("cancel your account", "注销账号", "註銷帳號"),

  // success messages
  loginSuccess: m("Login successful", "登录成功", "登入成功"),
  registerSuccess: m("Registration successful", "注册成功", "註冊成功"),
  bindSuccess: m("Binding successful", "绑定成功", "綁定成功"),
  unbindSuccess: m("Unbinding successful", "解绑成功", "解綁成功"),
  saved: m("Saved", "保存成功", "儲存成功"),
  resetSuccess: m("Reset successful", "重置成功", "重設成功"),
  copied: m("Copied", "复制成功", "複製成功"),
  updated: m("Updated", "更新成功", "更新成功"),
  cancelled: m("Account cancelled", "账号已注销", "帳號已註銷"),
  installed: m("Installed", "安装成功", "安裝成功"),
  sent: m("Verification code sent", "验证码已发送", "驗證碼已發送"),
} as const satisfies Record<string, Texts>;

export type MessageKey = keyof typeof MESSAGES;

/** The message in one language, with {name} placeholders filled in. */
export function translate(key: MessageKey, language: Language, params?: Record<string, string | number>): string {
  let text: string = MESSAGES[key][language];
  if (params) {
    for (const [name, value] of Object.entries(params)) text = text.replaceAll(`{${name}}`, String(value));
  }
  return text;
}
