/**
 * The /web-api endpoint table: every call the web makes, with its method, full path, access and
 * schemas (docs/decisions/020-endpoint-table.md). The server registers its routes from these
 * entries (server/route.ts) and the web calls them (web/lib/api.ts), so a path is written once.
 *
 * Outside the table: the payment notifications and the providers' sandbox pages (raw bodies and
 * HTML, server/payments/routes.ts), /dev and /oauth-sandbox (not /web-api, absent in production),
 * and the Swagger UI itself.
 */

import * as Type from "typebox";
import type { CodeName } from "./codes.ts";
import { area } from "./endpoint.ts";
import {
  AnalyticsBody,
  BindEmailData,
  BindPhoneData,
  CancelUserBody,
  CheckSmsCodeBody,
  EmailCodePasswordBody,
  EmailCodeQuery,
  EmailLoginBody,
  PhoneLoginBody,
  SendSmsCodeQuery,
  SendSmsQuery,
  SentData,
  SourceParams,
  ThirdPartyEmailBindBody,
  ThirdPartyEmailSendBody,
  ThirdPartyLoginBody,
  ThirdPartyLoginData,
  ThirdPartyPhoneBindBody,
  TokenData,
  UnbindChannelParams,
  UnbindKindParams,
  UserInfoData,
  UserInfoQuery,
  WwidData,
  WwidQuery,
} from "./schemas/account.ts";
import { CartoonUploadData, CreateCartoonBody, ToonifyBody, ToonifyData } from "./schemas/cartoon.ts";
import { HealthData, LivenessData, ReadinessData, SiteConfigData } from "./schemas/common.ts";
import {
  AnnouncementDetail,
  AnnouncementIdParams,
  AnnouncementPage,
  AnnouncementPageBody,
  AnnouncementTypeName,
  ContactBody,
  FindDictQuery,
  HelpDocDetail,
  HelpDocParams,
  HelpSection,
} from "./schemas/content.ts";
import {
  CustomRequestDetail,
  CustomRequestIdParams,
  CustomSelectInit,
  MyMadeBody,
  MyMadePage,
} from "./schemas/custom.ts";
import { DownloadEntry, DownloadFileParams, ZipFile } from "./schemas/downloads.ts";
import { FileData, FileIdParams, FileListData, FileListQuery } from "./schemas/files.ts";
import { ActivateIpBody, IpLicenceHeld } from "./schemas/ip.ts";
import {
  LiveEndBody,
  LiveHistoryPage,
  LiveHistoryQuery,
  LiveModeBody,
  LiveSessionBody,
  LiveSessionRecord,
  LiveStartBody,
  LiveStudioInit,
  LiveTriggerBody,
  LiveTriggerData,
  NewStreamKey,
  ObsPlanData,
  ObsSpeakBody,
  SocketData,
  SocketQuery,
} from "./schemas/live.ts";
import { SoundFileParams, WavFile } from "./schemas/media.ts";
import {
  CreateOrderBody,
  HourPackage,
  IosSku,
  NamedValue,
  OrderIdParams,
  OrderPage,
  OrderPageBody,
  OrderStatusData,
  PayTicket,
  RepayBody,
  UserVip,
  VipCompare,
  VipSku,
} from "./schemas/orders.ts";
import {
  AttributeBody,
  BatchInteractBody,
  CataloguePage,
  CatalogueQuery,
  CatalogueRecord,
  InteractBody,
  PetsAssemblingBody,
  PlanExpression,
  PlanIdQuery,
  PlanIdsBody,
  PlanInfo,
  PlanInteract,
  PlanListQuery,
  PlanPage,
  PlanStatistics,
  PlanSummary,
  RoleIdQuery,
  SceneAssemblingBody,
  SelectionBody,
  SpeakBody,
  UpdatePlanBody,
  WearBody,
} from "./schemas/plans.ts";
import {
  AddPlanBody,
  CustomRoleCreateBody,
  CustomRoleDetail,
  CustomRolePageBody,
  CustomRolePageData,
  CustomRoleUpdateBody,
  ExportQuery,
  IdBody,
  IdData,
  IdParams,
  InitData,
  ModelFile,
  PhotoProgressData,
  PhotoProgressParams,
  PhotoSexParams,
  PortraitData,
  RoleAndCustomData,
  RoleListData,
  RoleListQuery,
  SysAttrData,
  SysRoleRecord,
} from "./schemas/roles.ts";
import {
  MyGoodsPage,
  MyGoodsQuery,
  ShopIdParams,
  ShopLabelCount,
  ShopOrderPage,
  ShopSearchBody,
  ShopSkuDetail,
  ShopSkuPage,
} from "./schemas/shop.ts";
import { CartoonUploadForm, CustomRequestForm, FileUploadForm, PhotoCloneForm } from "./schemas/uploads.ts";

/** Codes shared by several calls (each entry's `codes`: what its answers may carry, server/openapi.ts). */
/** Sending a code: the resend wait and the hourly caps (server/areas/account/codes.ts). */
const SENDING = ["CODE_COOLDOWN", "SEND_LIMIT"] as const satisfies readonly CodeName[];
/** An asset the caller's membership does not open, one sold in the shop, or a membership that lapsed. */
const ASSET_LOCKS = ["LOCKED", "SHOP_ITEM_LOCKED", "MEMBERSHIP_EXPIRED"] as const satisfies readonly CodeName[];
/** Starting a design needs a membership: none (1207) or one that lapsed (1208). */
const NOT_A_MEMBER = ["NO_PERMISSION", "MEMBERSHIP_EXPIRED"] as const satisfies readonly CodeName[];
/** A photo judged by its bytes: error_1 to error_4 (server/images.ts). */
const PHOTO_CHECKS = [
  "PHOTO_TOO_LARGE",
  "PHOTO_TOO_SMALL",
  "PHOTO_BAD_FORMAT",
  "PHOTO_BROKEN",
] as const satisfies readonly CodeName[];
/** A line in a plan's voice (server/areas/plans/speak.ts). */
const SPEAKING = [
  "SPEECH_TEXT_EMPTY",
  "SPEECH_TEXT_TOO_LONG",
  "NOT_FOUND",
  "SPEECH_NO_VOICE",
  ...ASSET_LOCKS,
  "SPEECH_UNAVAILABLE",
] as const satisfies readonly CodeName[];

/** Calls that answer no data (`data: null`). */
const Nothing = Type.Null();

const P1 = "/web-api/p1";
const V1 = "/web-api/v1";
const CUSTOM = `${V1}/douyin/customRole`;

const health = area("health");
const common = area("common");
const account = area("account");
const media = area("media");
const files = area("files");
const roles = area("roles");
const plans = area("plans");
const orders = area("membership and orders");
const help = area("help");
const announcements = area("announcements");
const ip = area("IP activation");
const downloads = area("downloads");
const shop = area("shop");

export const healthEndpoints = {
  health: health({
    method: "GET",
    path: "/web-api/health",
    auth: "none",
    summary: "Database and queue health",
    codes: [],
    response: HealthData,
  }),
  live: health({
    method: "GET",
    path: "/web-api/health/live",
    auth: "none",
    summary: "Liveness: the process answers",
    codes: [],
    response: LivenessData,
  }),
  ready: health({
    method: "GET",
    path: "/web-api/health/ready",
    auth: "none",
    summary: "Readiness: database and queue answer and the instance is not draining (HTTP 503 otherwise)",
    codes: [],
    response: ReadinessData,
  }),
};

export const configEndpoints = {
  siteConfig: common({
    method: "GET",
    path: `${P1}/base/config`,
    auth: "p1",
    summary: "Site environment",
    codes: [],
    response: SiteConfigData,
  }),
};

/** /web-api/p1: codes, registration, login, third-party login and its bind step, analytics. */
export const accountPublicEndpoints = {
  emailLogin: account({
    method: "POST",
    path: `${P1}/uc/account/email/emailLogin`,
    auth: "p1",
    summary: "Log in with email and password",
    body: EmailLoginBody,
    codes: ["EMAIL_INVALID", "EMAIL_OR_PASSWORD_INCORRECT", "LOGIN_LOCKED", "LOGIN_LIMIT"],
    response: TokenData,
  }),
  sendEmailCode: account({
    method: "GET",
    path: `${P1}/uc/account/email/sendEmailCode`,
    auth: "p1",
    summary: "Email a code (type register or reset)",
    querystring: EmailCodeQuery,
    codes: ["EMAIL_INVALID", "EMAIL_REGISTERED", ...SENDING],
    response: Nothing,
  }),
  registerLogin: account({
    method: "POST",
    path: `${P1}/uc/account/email/registerLogin`,
    auth: "p1",
    summary: "Register by email code and log in",
    body: EmailCodePasswordBody,
    codes: ["EMAIL_INVALID", "PASSWORD_LENGTH", "EMAIL_REGISTERED", "VERIFICATION_CODE_ERROR"],
    response: TokenData,
  }),
  resetPassword: account({
    method: "POST",
    path: `${P1}/uc/account/email/resetPassword`,
    auth: "p1",
    summary: "Reset the password by email code; revokes every token",
    body: EmailCodePasswordBody,
    codes: ["EMAIL_INVALID", "PASSWORD_LENGTH", "VERIFICATION_CODE_ERROR"],
    response: Nothing,
  }),
  sendSms: account({
    method: "GET",
    path: `${P1}/base/sms/sendSms`,
    auth: "p1",
    summary: "Text a code to a phone (type login or bind)",
    querystring: SendSmsQuery,
    codes: ["PHONE_INVALID", ...SENDING],
    response: Nothing,
  }),
  phoneLogin: account({
    method: "POST",
    path: `${P1}/sources/:source/account/login`,
    auth: "p1",
    summary: "Phone-code login (source 1 the web, 5 the short-video platform); a first login registers",
    params: SourceParams,
    body: PhoneLoginBody,
    codes: ["PHONE_INVALID", "VERIFICATION_CODE_ERROR"],
    response: TokenData,
  }),
  thirdPartyLogin: account({
    method: "POST",
    path: `${P1}/thirdPart/login`,
    auth: "p1",
    summary: "Third-party login with the provider's code",
    body: ThirdPartyLoginBody,
    codes: ["TICKET_EXPIRED"],
    response: ThirdPartyLoginData,
  }),
  thirdPartyEmailSend: account({
    method: "POST",
    path: `${P1}/thirdPart/email/send`,
    auth: "p1",
    token: "optional",
    summary: "Email a bind code (with a third-party ticket, in the body or the tpTicket cookie, or logged in)",
    body: ThirdPartyEmailSendBody,
    codes: ["EMAIL_INVALID", "TICKET_EXPIRED", ...SENDING],
    response: Nothing,
  }),
  thirdPartyEmailBind: account({
    method: "POST",
    path: `${P1}/thirdPart/email/bind`,
    auth: "p1",
    token: "optional",
    summary: "Bind an email by code; with a ticket (the body's or the tpTicket cookie's), logs in",
    body: ThirdPartyEmailBindBody,
    codes: ["EMAIL_INVALID", "TICKET_EXPIRED", "VERIFICATION_CODE_ERROR", "EMAIL_REGISTERED"],
    response: BindEmailData,
  }),
  thirdPartyPhoneBind: account({
    method: "POST",
    path: `${P1}/thirdPart/phone/bind`,
    auth: "p1",
    token: "optional",
    summary:
      "Bind a phone by code (sendSms's) to a third-party login and log in (the ticket from the body or the tpTicket cookie); logged in, bind it to the account",
    body: ThirdPartyPhoneBindBody,
    codes: ["PHONE_INVALID", "TICKET_EXPIRED", "VERIFICATION_CODE_ERROR", "PHONE_ERROR"],
    response: BindPhoneData,
  }),
  analyticsEvent: common({
    method: "POST",
    path: `${P1}/analytics/event`,
    auth: "p1",
    summary: "First-party analytics",
    body: AnalyticsBody,
    codes: [],
    response: Nothing,
  }),
};

/** /web-api/v1: the logged-in account. */
export const accountEndpoints = {
  userInfo: account({
    method: "GET",
    path: `${V1}/base/account/getUserInfo`,
    auth: "v1",
    summary: "The logged-in user",
    querystring: UserInfoQuery,
    codes: [],
    response: UserInfoData,
  }),
  logout: account({
    method: "POST",
    path: `${V1}/base/account/logout`,
    auth: "v1",
    summary: "Revoke the token of this request",
    codes: [],
    response: Nothing,
  }),
  sendSmsCode: account({
    method: "GET",
    path: `${V1}/base/sms/sendSmsCode`,
    auth: "v1",
    summary: "Send a code to bind a phone, or to confirm cancellation",
    querystring: SendSmsCodeQuery,
    codes: ["PHONE_INVALID", "PHONE_ERROR", "LAST_LOGIN_METHOD", ...SENDING],
    response: SentData,
  }),
  checkSmsCode: account({
    method: "POST",
    path: `${V1}/base/sms/checkSmsCode`,
    auth: "v1",
    summary: "Bind a phone to this account with its code",
    body: CheckSmsCodeBody,
    codes: ["PHONE_INVALID", "VERIFICATION_CODE_ERROR", "PHONE_ERROR"],
    response: Nothing,
  }),
  unbindContact: account({
    method: "POST",
    path: `${V1}/base/account/unbind/:kind`,
    auth: "v1",
    summary: "Remove the email or phone (not the last way in)",
    params: UnbindKindParams,
    codes: ["LAST_LOGIN_METHOD"],
    response: Nothing,
  }),
  cancelUser: account({
    method: "POST",
    path: `${V1}/base/cancel/cancelUser`,
    auth: "v1",
    summary: "Cancel the account with the code sent by sendSmsCode type cancel",
    body: CancelUserBody,
    codes: ["VERIFICATION_CODE_ERROR"],
    response: Nothing,
  }),
  unbindChannel: account({
    method: "POST",
    path: `${V1}/thirdPart/unbind/:loginChannel`,
    auth: "v1",
    summary: "Unbind the third-party login of a channel (1001 web, 1004 controller)",
    params: UnbindChannelParams,
    codes: ["LAST_LOGIN_METHOD", "NOT_FOUND"],
    response: Nothing,
  }),
  wwid: account({
    method: "GET",
    path: `${V1}/uc/account/getByWWid`,
    auth: "v1",
    summary: "The caller's third-party identity with this id",
    querystring: WwidQuery,
    codes: ["NOT_FOUND"],
    response: WwidData,
  }),
};

export const mediaEndpoints = {
  /** Not an envelope: a WAV file (its route adds the real 200 and 304 answers). Played by `<audio>`. */
  soundFile: media({
    method: "GET",
    path: `${P1}/media/sound/:id`,
    auth: "p1",
    summary: "A sound or voice item of the plan catalogue as a WAV file (16-bit mono, 22050 Hz)",
    params: SoundFileParams,
    codes: ["NOT_FOUND"],
    response: WavFile,
  }),
};

export const fileEndpoints = {
  fileUpload: files({
    method: "POST",
    path: `${V1}/base/file/upload`,
    auth: "v1",
    summary: "Upload an image (multipart, field `file`); answers once its thumbnail is made",
    multipart: true,
    form: FileUploadForm,
    codes: [...PHOTO_CHECKS, "SERVICE_UNAVAILABLE"],
    response: FileData,
  }),
  fileList: files({
    method: "GET",
    path: `${V1}/base/file/pageList`,
    auth: "v1",
    summary: "The user's images, newest first",
    querystring: FileListQuery,
    codes: [],
    response: FileListData,
  }),
  file: files({
    method: "GET",
    path: `${V1}/base/file/:id`,
    auth: "v1",
    summary: "One of the user's images",
    params: FileIdParams,
    codes: ["NOT_FOUND"],
    response: FileData,
  }),
  fileDelete: files({
    method: "DELETE",
    path: `${V1}/base/file/:id`,
    auth: "v1",
    summary: "Delete one of the user's images",
    params: FileIdParams,
    codes: ["NOT_FOUND"],
    response: Nothing,
  }),
};

/** The system role list, the user's own avatars, photo cloning and cartoons. */
export const roleEndpoints = {
  roleList: roles({
    method: "GET",
    path: `${V1}/base/role/getListPage`,
    auth: "v1",
    summary: "System avatars (limit 200, page 1, sex); equityStatus 2 when locked",
    querystring: RoleListQuery,
    codes: [],
    response: RoleListData,
  }),
  customRolePage: roles({
    method: "POST",
    path: `${CUSTOM}/pageList`,
    auth: "v1",
    summary: "The user's avatars, newest first",
    body: CustomRolePageBody,
    codes: [],
    response: CustomRolePageData,
  }),
  customRoleCreate: roles({
    method: "POST",
    path: `${CUSTOM}/create`,
    auth: "v1",
    summary: "A DIY face from a system role (id, name); answers the new role id",
    body: CustomRoleCreateBody,
    codes: ["NOT_FOUND", ...ASSET_LOCKS, "NAME_EMPTY", "DIY_FACE_LIMIT", ...NOT_A_MEMBER],
    response: IdData,
  }),
  customRoleCopy: roles({
    method: "POST",
    path: `${CUSTOM}/copy`,
    auth: "v1",
    summary: "Copy one of the user's avatars; answers the new id",
    body: IdBody,
    codes: ["NOT_FOUND", "DIY_FACE_LIMIT", ...NOT_A_MEMBER],
    response: IdData,
  }),
  customRoleUpdate: roles({
    method: "POST",
    path: `${CUSTOM}/update`,
    auth: "v1",
    summary: "Save the face (with faceParams) or rename",
    body: CustomRoleUpdateBody,
    codes: ["NOT_FOUND", "FILENAME_REQUIRED", "NAME_EMPTY"],
    response: Nothing,
  }),
  customRoleDetail: roles({
    method: "GET",
    path: `${CUSTOM}/detail/:id`,
    auth: "v1",
    summary: "One of the user's avatars, with its face parameters",
    params: IdParams,
    codes: ["NOT_FOUND"],
    response: CustomRoleDetail,
  }),
  customRoleInit: roles({
    method: "GET",
    path: `${CUSTOM}/detailInit/:id`,
    auth: "v1",
    summary: "What the avatar started as (what reset restores)",
    params: IdParams,
    codes: ["NOT_FOUND"],
    response: InitData,
  }),
  sysAttr: roles({
    method: "GET",
    path: `${CUSTOM}/loadSysAttr`,
    auth: "v1",
    summary: "The face editor's catalogue: slider groups, sliders, skin tones, hair colours",
    codes: [],
    response: SysAttrData,
  }),
  sysRoles: roles({
    method: "GET",
    path: `${CUSTOM}/loadSysRole`,
    auth: "v1",
    summary: "System avatars with their face parameters (to blend from)",
    codes: [],
    response: Type.Array(SysRoleRecord),
  }),
  roleAndCustomList: roles({
    method: "GET",
    path: `${CUSTOM}/roleAndCustomList`,
    auth: "v1",
    summary: "System avatars and the user's avatars, with parameters",
    codes: [],
    response: RoleAndCustomData,
  }),
  photoCreate: roles({
    method: "POST",
    path: `${CUSTOM}/createPhoto/:sex`,
    auth: "v1",
    summary: "Clone a face from a photo (multipart: file, optional requestId uuid); answers the new role id",
    multipart: true,
    form: PhotoCloneForm,
    params: PhotoSexParams,
    codes: [...PHOTO_CHECKS, "PHOTO_NO_FACE", "DIY_FACE_LIMIT", ...NOT_A_MEMBER, "SERVICE_UNAVAILABLE"],
    response: IdData,
  }),
  photoProgress: roles({
    method: "GET",
    path: `${CUSTOM}/photoProgress/:requestId`,
    auth: "v1",
    summary: "How far a photo clone has come, 0..100",
    params: PhotoProgressParams,
    codes: ["NOT_FOUND"],
    response: PhotoProgressData,
  }),
  cartoonUpload: roles({
    method: "POST",
    path: `${CUSTOM}/cartoonUpload`,
    auth: "v1",
    summary: "The creator page's export: a GLB (multipart field file) describing a cartoon avatar; answers its URL",
    multipart: true,
    form: CartoonUploadForm,
    codes: ["CARTOON_INVALID"],
    response: CartoonUploadData,
  }),
  cartoonCreate: roles({
    method: "POST",
    path: `${CUSTOM}/createCartoon`,
    auth: "v1",
    summary: "Take a cartoon by its URL (own storage or a configured host); answers its id",
    body: CreateCartoonBody,
    codes: ["CARTOON_URL_REFUSED", "NOT_FOUND", "CARTOON_INVALID"],
    response: IdData,
  }),
  toonify: roles({
    method: "POST",
    path: `${CUSTOM}/toonify`,
    auth: "v1",
    summary: "Toonify a cartoon (url, textureSize 1024, pose T or A) into an avatar and its first plan",
    body: ToonifyBody,
    codes: [
      "CARTOON_URL_REFUSED",
      "NOT_FOUND",
      "CARTOON_INVALID",
      "DIY_FACE_LIMIT",
      "PLAN_LIMIT",
      ...NOT_A_MEMBER,
      "SERVICE_UNAVAILABLE",
    ],
    response: ToonifyData,
  }),
  customRoleReset: roles({
    method: "POST",
    path: `${CUSTOM}/reset/:id`,
    auth: "v1",
    summary: "Restore the avatar's face to what it started as",
    params: IdParams,
    codes: ["NOT_FOUND"],
    response: Nothing,
  }),
  customRolePortrait: roles({
    method: "POST",
    path: `${CUSTOM}/portrait/:id`,
    auth: "v1",
    summary:
      "Render the avatar's portrait again (a portrait still rendering, lost or failed) and answer it once drawn; a current portrait is answered at once",
    params: IdParams,
    codes: ["NOT_FOUND", "PORTRAIT_FAILED"],
    response: PortraitData,
  }),
  customRoleDelete: roles({
    method: "DELETE",
    path: `${CUSTOM}/:id`,
    auth: "v1",
    summary: "Delete one of the user's avatars",
    params: IdParams,
    codes: ["NOT_FOUND"],
    response: Nothing,
  }),
  /** Not an envelope on success: the model file itself (docs/decisions/034; its route adds the real 200 answer). */
  customRoleExport: roles({
    method: "GET",
    path: `${CUSTOM}/export/:id`,
    auth: "v1",
    summary:
      "One of the user's avatars as a file: glTF 2.0 binary (glb) or VRM 1.0 (vrm), with its ARKit expression morphs",
    params: IdParams,
    querystring: ExportQuery,
    codes: ["NOT_FOUND"],
    response: ModelFile,
  }),
  /** Not an envelope on success: the model file itself. */
  roleExport: roles({
    method: "GET",
    path: `${V1}/base/role/export/:id`,
    auth: "v1",
    summary: "A system avatar as a GLB or VRM 1.0 file",
    params: IdParams,
    querystring: ExportQuery,
    codes: ["NOT_FOUND", ...ASSET_LOCKS],
    response: ModelFile,
  }),
};

const catalogue = (path: string, summary: string) =>
  plans({
    method: "GET",
    path: `${V1}/base/${path}`,
    auth: "v1",
    summary,
    querystring: CatalogueQuery,
    codes: [],
    response: CataloguePage,
  });

/** The plan catalogue, assembling a plan, and the user's plans (spec section 7 "Plans"). */
export const planEndpoints = {
  outfitCatalogue: catalogue(
    "digitalmanAttribute/getListPage",
    "Outfits by slot (top, headwear, glasses, accessory) and expressions",
  ),
  sceneCatalogue: catalogue(
    "sceneAttribute/getListPage",
    "Backdrops, scenes and effects (type backdrop | scene | effect)",
  ),
  petCatalogue: catalogue("petsAttribute/getListPage", "Pets"),
  eventCatalogue: catalogue("interactAttribute/getListPage", "Viewer events (type gift | like | comment | follow)"),
  actionCatalogue: catalogue(
    "interactAttribute/getPlayListPage",
    "What an interaction can play (type expression | motion | effect | sound)",
  ),
  voiceList: plans({
    method: "GET",
    path: `${V1}/base/baseProductLabel/getVoiceList`,
    auth: "v1",
    summary: "The voices, each with a sample to play",
    codes: [],
    response: Type.Array(CatalogueRecord),
  }),
  planInfo: plans({
    method: "GET",
    path: `${V1}/base/planInfo/getPlanInfo`,
    auth: "v1",
    summary: "The whole plan: avatar, outfits, scene, effects, pets, expressions, interactions, voice",
    querystring: PlanIdQuery,
    codes: ["NOT_FOUND"],
    response: PlanInfo,
  }),
  planAdd: plans({
    method: "POST",
    path: `${V1}/base/planInfo/addPlanInfo`,
    auth: "v1",
    summary: "Create a draft around an avatar; answers the plan id",
    body: AddPlanBody,
    codes: ["FILENAME_EMPTY", "NOT_FOUND", ...ASSET_LOCKS, "PLAN_LIMIT", ...NOT_A_MEMBER],
    response: IdData,
  }),
  planUpdate: plans({
    method: "POST",
    path: `${V1}/base/planInfo/updatePlanInfo`,
    auth: "v1",
    summary: "Save the plan's name and/or voice",
    body: UpdatePlanBody,
    codes: ["NOT_FOUND", "FILENAME_EMPTY", ...ASSET_LOCKS],
    response: Nothing,
  }),
  planReset: plans({
    method: "POST",
    path: `${V1}/base/planInfo/resetPlanAttribute`,
    auth: "v1",
    summary: "Back to the bare avatar",
    body: PlanIdQuery,
    codes: ["NOT_FOUND"],
    response: Nothing,
  }),
  planWear: plans({
    method: "POST",
    path: `${V1}/base/planDigitalmanAttribute/addPlanDigitalmanAttribute`,
    auth: "v1",
    summary: "Wear an outfit item (replaces its slot), or take a slot off",
    body: WearBody,
    codes: ["NOT_FOUND", "SELECTION_REQUIRED", ...ASSET_LOCKS],
    response: Nothing,
  }),
  planAddExpression: plans({
    method: "POST",
    path: `${V1}/base/planDigitalmanAttribute/addPlanDigitalmanAttributeExp`,
    auth: "v1",
    summary: "Add an expression to the plan's list; answers its id",
    body: AttributeBody,
    codes: ["NOT_FOUND", ...ASSET_LOCKS, "PLAN_ITEM_LIMIT"],
    response: IdData,
  }),
  planExpressions: plans({
    method: "GET",
    path: `${V1}/base/planDigitalmanAttribute/getExpList`,
    auth: "v1",
    summary: "The plan's expressions",
    querystring: PlanIdQuery,
    codes: ["NOT_FOUND"],
    response: Type.Array(PlanExpression),
  }),
  planDeleteExpressions: plans({
    method: "POST",
    path: `${V1}/base/planDigitalmanAttribute/delPlanManEx`,
    auth: "v1",
    summary: "Delete selected expressions (a selection is needed)",
    body: SelectionBody,
    codes: ["SELECTION_REQUIRED", "NOT_FOUND"],
    response: Nothing,
  }),
  planScene: plans({
    method: "POST",
    path: `${V1}/base/planSceneAttribute/addSceneAssembling`,
    auth: "v1",
    summary: "Set the scene or backdrop and/or the effect layer",
    body: SceneAssemblingBody,
    codes: ["NOT_FOUND", ...ASSET_LOCKS, "PLAN_ITEM_LIMIT"],
    response: Nothing,
  }),
  planPets: plans({
    method: "POST",
    path: `${V1}/base/planPetsAttribute/addPetsAssembling`,
    auth: "v1",
    summary: "Set the plan's pets",
    body: PetsAssemblingBody,
    codes: ["NOT_FOUND", ...ASSET_LOCKS, "PLAN_ITEM_LIMIT"],
    response: Nothing,
  }),
  planInteractions: plans({
    method: "GET",
    path: `${V1}/base/interactAttribute/getPlanInteractList`,
    auth: "v1",
    summary: "The plan's interactions and their actions",
    querystring: PlanIdQuery,
    codes: ["NOT_FOUND"],
    response: Type.Array(PlanInteract),
  }),
  planAddInteraction: plans({
    method: "POST",
    path: `${V1}/base/interactAttribute/addInteractAttributeExp`,
    auth: "v1",
    summary: "Add one interaction; answers its id",
    body: InteractBody,
    codes: ["NOT_FOUND", ...ASSET_LOCKS, "INTERACT_REPLY_TOO_LONG", "PLAN_ITEM_LIMIT"],
    response: IdData,
  }),
  planAddInteractions: plans({
    method: "POST",
    path: `${V1}/base/interactAttribute/addBatchPlanInteract`,
    auth: "v1",
    summary: "Add several interactions at once (all or none); answers their ids",
    body: BatchInteractBody,
    codes: ["SELECTION_REQUIRED", "NOT_FOUND", ...ASSET_LOCKS, "INTERACT_REPLY_TOO_LONG", "PLAN_ITEM_LIMIT"],
    response: Type.Array(Type.String()),
  }),
  planDeleteInteractions: plans({
    method: "POST",
    path: `${V1}/base/interactAttribute/delPlanInteract`,
    auth: "v1",
    summary: "Delete selected interactions (a selection is needed)",
    body: SelectionBody,
    codes: ["SELECTION_REQUIRED", "NOT_FOUND"],
    response: Nothing,
  }),
  // The calls the spec names without paths: ours, in docs/api.md.
  planList: plans({
    method: "GET",
    path: `${V1}/base/planInfo/getListPage`,
    auth: "v1",
    summary: "The user's plans, last changed first",
    querystring: PlanListQuery,
    codes: [],
    response: PlanPage,
  }),
  planUse: plans({
    method: "POST",
    path: `${V1}/base/planInfo/usePlan`,
    auth: "v1",
    summary: "Mark the plan the live-stream client plays (one per user)",
    body: PlanIdQuery,
    codes: ["NOT_FOUND"],
    response: Nothing,
  }),
  planStatistics: plans({
    method: "GET",
    path: `${V1}/base/planInfo/getStatistics`,
    auth: "v1",
    summary: "Plans used of the limit, avatars, interactions, the plan in use",
    codes: [],
    response: PlanStatistics,
  }),
  planDelete: plans({
    method: "POST",
    path: `${V1}/base/planInfo/delPlanInfo`,
    auth: "v1",
    summary: "Delete selected plans (a selection is needed; all or none)",
    body: PlanIdsBody,
    codes: ["SELECTION_REQUIRED", "NOT_FOUND"],
    response: Nothing,
  }),
  planUsed: plans({
    method: "GET",
    path: `${V1}/base/planInfo/getUsedPlan`,
    auth: "v1",
    summary: "The plan in use, or null",
    codes: ["NOT_FOUND"],
    response: Type.Union([PlanInfo, Type.Null()]),
  }),
  plansByRole: plans({
    method: "GET",
    path: `${V1}/base/planInfo/getPlansByRole`,
    auth: "v1",
    summary: "The user's plans built on one avatar",
    querystring: RoleIdQuery,
    codes: [],
    response: Type.Array(PlanSummary),
  }),
  planSpeak: plans({
    method: "POST",
    path: `${V1}/base/baseProductLabel/speak`,
    auth: "v1",
    summary: "A line spoken in the plan's voice: the WAV file (docs/decisions/040)",
    body: SpeakBody,
    codes: [...SPEAKING],
    response: WavFile,
  }),
};

/** p1: the catalogue and the status names, public so visitors can compare before logging in. */
export const orderPublicEndpoints = {
  vipSkus: orders({
    method: "GET",
    path: `${P1}/vip/sku/list`,
    auth: "p1",
    summary: "VIP SKUs: each tier by month, season and year, in the site currency",
    codes: [],
    response: Type.Array(VipSku),
  }),
  vipCompare: orders({
    method: "GET",
    path: `${P1}/vip/compare`,
    auth: "p1",
    summary:
      "The tiers compared: live modes, plan and DIY-face limits, and how many catalogue items each opens (docs/decisions/055)",
    codes: [],
    response: VipCompare,
  }),
  hourPackages: orders({
    method: "GET",
    path: `${P1}/vip/supplyTime/list`,
    auth: "p1",
    summary: "The supply-time list: cloud-rendering hour packages",
    codes: [],
    response: Type.Array(HourPackage),
  }),
  iosSkus: orders({
    method: "GET",
    path: `${P1}/vip/iosSku/list`,
    auth: "p1",
    summary: "The iOS SKU list, with App Store product ids",
    codes: [],
    response: Type.Array(IosSku),
  }),
  orderStatuses: orders({
    method: "GET",
    path: `${P1}/order/statusList`,
    auth: "p1",
    summary: "Order statuses and their names",
    codes: [],
    response: Type.Array(NamedValue),
  }),
};

/** v1: the user's membership, trial, orders and their payment. */
export const orderEndpoints = {
  userVip: orders({
    method: "GET",
    path: `${V1}/vip/userVip/list`,
    auth: "v1",
    summary: "The user's membership now, its history, cloud hours and the trial",
    codes: [],
    response: UserVip,
  }),
  trialStart: orders({
    method: "POST",
    path: `${V1}/vip/trial`,
    auth: "v1",
    summary: "Start the one-time free trial",
    codes: ["TRIAL_USED"],
    response: UserVip,
  }),
  orderCreate: orders({
    method: "PUT",
    path: `${V1}/order/create`,
    auth: "v1",
    summary: "Create an order and its payment at the chosen channel",
    body: CreateOrderBody,
    codes: [
      "SKU_UNKNOWN",
      "CHANNEL_NOT_OFFERED",
      "WECHAT_LIMIT",
      "DOWNGRADE_REFUSED",
      "SHOP_ONE_AT_A_TIME",
      "SHOP_ITEM_FREE",
      "SHOP_ALREADY_OWNED",
    ],
    response: PayTicket,
  }),
  orderRepay: orders({
    method: "POST",
    path: `${V1}/order/pay/:orderId`,
    auth: "v1",
    summary: "Proceed Pay: pay the same pending or failed order again",
    params: OrderIdParams,
    body: Type.Optional(RepayBody),
    codes: ["NOT_FOUND", "ORDER_PAID", "ORDER_CLOSED", "CHANNEL_NOT_OFFERED", "WECHAT_LIMIT"],
    response: PayTicket,
  }),
  orderStatus: orders({
    method: "GET",
    path: `${V1}/order/status/:orderId`,
    auth: "v1",
    summary: "An order's status by its id",
    params: OrderIdParams,
    codes: ["NOT_FOUND"],
    response: OrderStatusData,
  }),
  orderPage: orders({
    method: "POST",
    path: `${V1}/order/pageList`,
    auth: "v1",
    summary: "The user's orders, newest first; all, today, last 7 or 30 days",
    body: OrderPageBody,
    codes: [],
    response: OrderPage,
  }),
};

/** /web-api/p1: the document-id map, help documents, announcements and the contact form. */
export const contentEndpoints = {
  findDict: common({
    method: "GET",
    path: `${P1}/base/dict/findDict`,
    auth: "p1",
    summary: "A dictionary entry as JSON text; type docMap, key agreementDocMap: the document-id map",
    querystring: FindDictQuery,
    codes: ["NOT_FOUND"],
    response: Type.String(),
  }),
  helpCatalog: help({
    method: "GET",
    path: `${P1}/help/catalog`,
    auth: "p1",
    summary: "The help centre's catalogue: sections, each with its documents",
    codes: [],
    response: Type.Array(HelpSection),
  }),
  helpDoc: help({
    method: "GET",
    path: `${P1}/help/doc/:id`,
    auth: "p1",
    summary: "A help document by number or key, rendered to safe HTML",
    params: HelpDocParams,
    codes: ["NOT_FOUND"],
    response: HelpDocDetail,
  }),
  announcementTypes: announcements({
    method: "GET",
    path: `${P1}/announcement/typeInit`,
    auth: "p1",
    summary: "Announcement types with localised names",
    codes: [],
    response: Type.Array(AnnouncementTypeName),
  }),
  announcementPage: announcements({
    method: "POST",
    path: `${P1}/announcement/pageList`,
    auth: "p1",
    summary: "Published announcements, newest first, by type",
    body: AnnouncementPageBody,
    codes: [],
    response: AnnouncementPage,
  }),
  announcement: announcements({
    method: "GET",
    path: `${P1}/announcement/:id`,
    auth: "p1",
    summary: "One announcement with the previous, the next and the latest",
    params: AnnouncementIdParams,
    codes: ["NOT_FOUND"],
    response: AnnouncementDetail,
  }),
  contact: common({
    method: "POST",
    path: `${P1}/contact`,
    auth: "p1",
    summary: "The contact form: name, phone or email, description",
    body: ContactBody,
    codes: ["NAME_REQUIRED", "CONTACT_REQUIRED", "DESCRIPTION_REQUIRED", "DESCRIPTION_TOO_LONG"],
    response: Nothing,
  }),
};

/** /web-api/v1: IP activation codes and the licences they grant. */
export const ipEndpoints = {
  ipActivate: ip({
    method: "POST",
    path: `${V1}/ip/activate`,
    auth: "v1",
    summary: "Activate an IP code: single use, case-insensitive; unlocks the licence's avatars",
    body: ActivateIpBody,
    codes: ["IP_CODE_INVALID", "IP_CODE_USED", "IP_CODE_EXPIRED", "IP_ALREADY_HELD"],
    response: IpLicenceHeld,
  }),
  ipList: ip({
    method: "GET",
    path: `${V1}/ip/list`,
    auth: "v1",
    summary: "The licences the user holds, with the avatars they unlock",
    codes: [],
    response: Type.Array(IpLicenceHeld),
  }),
};

// Tailored models
/** Tailored models (docs/decisions/026): the form's options are public, the requests the user's own. */
const tailored = area("tailored models");
const CUSTOM_MADE = "customMade";

export const customMadeEndpoints = {
  customSelectInit: tailored({
    method: "GET",
    path: `${P1}/${CUSTOM_MADE}/selectInit`,
    auth: "p1",
    summary: "Custom-made select init: styles, budget ranges and bounds, deadline bounds, photo rules, states",
    codes: [],
    response: CustomSelectInit,
  }),
  customMyMade: tailored({
    method: "POST",
    path: `${V1}/${CUSTOM_MADE}/myMade`,
    auth: "v1",
    summary: "My made: the user's tailored-model requests, newest first, paged, optionally one state",
    body: MyMadeBody,
    codes: [],
    response: MyMadePage,
  }),
  customCreate: tailored({
    method: "POST",
    path: `${V1}/${CUSTOM_MADE}/create`,
    auth: "v1",
    summary:
      "A tailored-model request (diamond members; multipart: sex, style, description, budget, deadline, 1-5 photos)",
    multipart: true,
    form: CustomRequestForm,
    codes: [
      "CUSTOM_DIAMOND_ONLY",
      "DESCRIPTION_REQUIRED",
      "DESCRIPTION_TOO_LONG",
      "CUSTOM_STYLE_REQUIRED",
      "CUSTOM_BUDGET_INVALID",
      "CUSTOM_DEADLINE_INVALID",
      "CUSTOM_DEADLINE_PAST",
      "CUSTOM_DEADLINE_TOO_SOON",
      "CUSTOM_DEADLINE_TOO_FAR",
      "CUSTOM_PHOTOS_REQUIRED",
      "CUSTOM_TOO_MANY_PHOTOS",
      ...PHOTO_CHECKS,
    ],
    response: CustomRequestDetail,
  }),
  customDetail: tailored({
    method: "GET",
    path: `${V1}/${CUSTOM_MADE}/detail/:id`,
    auth: "v1",
    summary: "One of the user's requests, with its photos and the states it went through",
    params: CustomRequestIdParams,
    codes: ["NOT_FOUND"],
    response: CustomRequestDetail,
  }),
  customCancel: tailored({
    method: "POST",
    path: `${V1}/${CUSTOM_MADE}/cancel/:id`,
    auth: "v1",
    summary: "Withdraw a request that is submitted or quoted",
    params: CustomRequestIdParams,
    codes: ["NOT_FOUND", "CUSTOM_NOT_CANCELLABLE"],
    response: CustomRequestDetail,
  }),
};
// End of tailored models

/** /web-api/p1: the download centre (/download) and its client packages. */
export const downloadEndpoints = {
  downloadList: downloads({
    method: "GET",
    path: `${P1}/download/list`,
    auth: "p1",
    summary: "The download centre: the PC clients with their package (size, SHA-256, link) and the iOS app",
    codes: [],
    response: Type.Array(DownloadEntry),
  }),
  /** Not an envelope: the zip itself (its route adds the real 200 answer). */
  downloadFile: downloads({
    method: "GET",
    path: `${P1}/download/file/:name`,
    auth: "p1",
    summary: "A PC client's package (zip), checked against its SHA-256 before it is served",
    params: DownloadFileParams,
    codes: ["DOWNLOAD_NOT_FOUND", "DOWNLOAD_UNAVAILABLE"],
    response: ZipFile,
  }),
};

// Shop
/** p1: the digital shop, open to visitors; with a token, each product says whether the caller owns it. */
export const shopPublicEndpoints = {
  shopSearch: shop({
    method: "POST",
    path: `${P1}/shop/sku/search`,
    auth: "p1",
    token: "optional",
    summary: "Search the shop: keyword, classification, tag; sort hot, newest or price; paged",
    body: ShopSearchBody,
    codes: [],
    response: ShopSkuPage,
  }),
  shopClassifyList: shop({
    method: "GET",
    path: `${P1}/shop/classify/getList`,
    auth: "p1",
    summary: "The shop's classifications, each with its number of products",
    codes: [],
    response: Type.Array(ShopLabelCount),
  }),
  shopTagList: shop({
    method: "GET",
    path: `${P1}/shop/tag/getList`,
    auth: "p1",
    summary: "The shop's tags, each with its number of products",
    codes: [],
    response: Type.Array(ShopLabelCount),
  }),
  shopItem: shop({
    method: "GET",
    path: `${P1}/shop/sku/item/:id`,
    auth: "p1",
    token: "optional",
    summary: "One product: images, price in the site currency, what it unlocks, whether the caller owns it",
    params: ShopIdParams,
    codes: ["NOT_FOUND"],
    response: ShopSkuDetail,
  }),
};

/** v1: the user's shop orders, free claims and owned goods; paid items are ordered through order/create. */
export const shopEndpoints = {
  shopOrderPage: shop({
    method: "POST",
    path: `${V1}/shop/order/pageList`,
    auth: "v1",
    summary: "The user's shop orders, newest first; all, today, last 7 or 30 days",
    body: OrderPageBody,
    codes: [],
    response: ShopOrderPage,
  }),
  shopClaimFree: shop({
    method: "POST",
    path: `${V1}/shop/pay/free/:id`,
    auth: "v1",
    summary: "Claim a free product, once per user",
    params: ShopIdParams,
    codes: ["NOT_FOUND", "SHOP_NOT_FREE", "SHOP_ALREADY_OWNED"],
    response: ShopSkuDetail,
  }),
  shopMyGoods: shop({
    method: "GET",
    path: `${V1}/shop/myGoods/getListPage`,
    auth: "v1",
    summary: "My goods: what the user owns from the shop, newest first",
    querystring: MyGoodsQuery,
    codes: [],
    response: MyGoodsPage,
  }),
};

// Live studio (docs/decisions/035)
const live = area("live studio");

/** p1, authenticated by the stream key (header `x-stream-key` or query `key`), not by a token. */
export const livePublicEndpoints = {
  liveWebhook: live({
    method: "POST",
    path: `${P1}/live/webhook/trigger`,
    auth: "p1",
    streamKey: true,
    summary: "A chat bot or platform webhook reports a viewer event; the plan's matching interactions play",
    body: LiveTriggerBody,
    codes: ["STREAM_KEY_INVALID", "LIVE_NO_PLAN", "NOT_FOUND"],
    response: LiveTriggerData,
  }),
  liveObsPlan: live({
    method: "GET",
    path: `${P1}/live/obs/getUsedPlan`,
    auth: "p1",
    streamKey: true,
    summary: "The OBS browser source's plan: the key owner's used plan, or null",
    codes: ["STREAM_KEY_INVALID", "NOT_FOUND"],
    response: ObsPlanData,
  }),
  liveObsSpeak: live({
    method: "POST",
    path: `${P1}/live/obs/speak`,
    auth: "p1",
    streamKey: true,
    summary:
      "A line said in the key owner's used plan's voice, for the OBS source to play on air: the WAV file (docs/decisions/040)",
    body: ObsSpeakBody,
    codes: ["STREAM_KEY_INVALID", ...SPEAKING],
    response: WavFile,
  }),
};

/** v1: the studio, its stream key, its sessions and the live-stream history. */
export const liveEndpoints = {
  liveSocket: live({
    method: "GET",
    path: `${V1}/base/socket/getSocket`,
    auth: "v1",
    summary:
      "Where the studio's WebSocket is (it then authenticates with the same token); with a cloud session's id, also the cloud stream's address and a single-use ticket",
    querystring: SocketQuery,
    codes: ["NOT_FOUND", "LIVE_NOT_CLOUD", "LIVE_SESSION_ENDED"],
    response: SocketData,
  }),
  liveStudioInit: live({
    method: "GET",
    path: `${V1}/live/studio/init`,
    auth: "v1",
    summary: "The live modes the caller's membership opens, the stream key's state and any open session",
    codes: [],
    response: LiveStudioInit,
  }),
  liveKeyRotate: live({
    method: "POST",
    path: `${V1}/live/streamKey/rotate`,
    auth: "v1",
    summary: "A new stream key (shown once); the old one is refused from now on",
    codes: [],
    response: NewStreamKey,
  }),
  liveKeyRevoke: live({
    method: "POST",
    path: `${V1}/live/streamKey/revoke`,
    auth: "v1",
    summary: "Revoke the stream key: no key works until a new one is made",
    codes: [],
    response: Type.Null(),
  }),
  liveStart: live({
    method: "POST",
    path: `${V1}/live/session/start`,
    auth: "v1",
    summary: "Go live in a mode the membership opens; a session still open is ended first",
    body: LiveStartBody,
    codes: [
      ...ASSET_LOCKS,
      "NO_PERMISSION",
      "LIVE_MODE_UNAVAILABLE",
      "LIVE_NO_PLAN",
      "NOT_FOUND",
      "TIME_LIMIT_EXCEEDED",
      "TOO_MANY_USERS",
    ],
    response: LiveSessionRecord,
  }),
  liveHeartbeat: live({
    method: "POST",
    path: `${V1}/live/session/heartbeat`,
    auth: "v1",
    summary: "The studio is still live (every 20 s; silent for 90 s, the server ends the session)",
    body: LiveSessionBody,
    codes: ["NOT_FOUND", "LIVE_SESSION_ENDED"],
    response: LiveSessionRecord,
  }),
  liveMode: live({
    method: "POST",
    path: `${V1}/live/session/mode`,
    auth: "v1",
    summary:
      "Switch an open session between plan playback, face, half-body and motion without ending it; the record keeps each switch",
    body: LiveModeBody,
    codes: ["LOCKED", "NO_PERMISSION", "NOT_FOUND", "LIVE_SESSION_ENDED", "LIVE_MODE_SWITCH"],
    response: LiveSessionRecord,
  }),
  liveEnd: live({
    method: "POST",
    path: `${V1}/live/session/end`,
    auth: "v1",
    summary: "End a live session: exit, idle or the tab closing",
    body: LiveEndBody,
    codes: ["NOT_FOUND"],
    response: LiveSessionRecord,
  }),
  liveRehearse: live({
    method: "POST",
    path: `${V1}/live/interact/trigger`,
    auth: "v1",
    summary: "The studio's simulated viewer panel: a viewer event, played like a webhook's",
    body: LiveTriggerBody,
    codes: ["LIVE_NO_PLAN", "NOT_FOUND"],
    response: LiveTriggerData,
  }),
  liveHistory: live({
    method: "GET",
    path: `${V1}/live/history/getListPage`,
    auth: "v1",
    summary: "Live-stream history page: the user's sessions, newest first",
    querystring: LiveHistoryQuery,
    codes: [],
    response: LiveHistoryPage,
  }),
};

/** Every entry, by name: `endpoints.orderCreate`. */
export const endpoints = {
  ...healthEndpoints,
  ...configEndpoints,
  ...accountPublicEndpoints,
  ...accountEndpoints,
  ...mediaEndpoints,
  ...fileEndpoints,
  ...roleEndpoints,
  ...planEndpoints,
  ...orderPublicEndpoints,
  ...orderEndpoints,
  ...contentEndpoints,
  ...ipEndpoints,
  ...customMadeEndpoints,
  ...downloadEndpoints,
  ...shopPublicEndpoints,
  ...shopEndpoints,
  ...livePublicEndpoints,
  ...liveEndpoints,
};

export type EndpointName = keyof typeof endpoints;
