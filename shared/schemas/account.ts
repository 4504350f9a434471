import type { Static } from "typebox";
import * as Type from "typebox";

const Email = Type.String({ maxLength: 254 });
const Phone = Type.String({ maxLength: 20 });
const Password = Type.String({ maxLength: 128 });
const Code = Type.String({ maxLength: 12 });

export const EmailLoginBody = Type.Object({ email: Email, password: Password });
export type EmailLoginBody = Static<typeof EmailLoginBody>;

export const EmailCodePasswordBody = Type.Object({ email: Email, code: Code, password: Password });
export type EmailCodePasswordBody = Static<typeof EmailCodePasswordBody>;

export const EmailCodeQuery = Type.Object({
  email: Email,
  /**
   * Optional extension: what the code is for. Without it (as the spec sends it) the code works for
   * what the email can do: registration when it is new, a password reset when it is registered.
   */
  type: Type.Optional(Type.Union([Type.Literal("register"), Type.Literal("reset")])),
});
export type EmailCodeQuery = Static<typeof EmailCodeQuery>;

export const SendSmsQuery = Type.Object({
  phone: Phone,
  /** Optional extension; a phone code proves the phone either way, so it serves login and bind alike. */
  type: Type.Optional(Type.Union([Type.Literal("login"), Type.Literal("bind")])),
});
export type SendSmsQuery = Static<typeof SendSmsQuery>;

export const SendSmsCodeQuery = Type.Object({
  /** The phone to bind; ignored for cancellation, whose code goes to the account's own phone or email. */
  phone: Type.Optional(Phone),
  /**
   * What the code is for. Without it (as the spec sends it) the code is for what the phone can do:
   * binding a phone the account does not have yet; the account's own phone, or none, confirms its
   * cancellation (docs/decisions/014).
   */
  type: Type.Optional(Type.Union([Type.Literal("bind"), Type.Literal("cancel")])),
});
export type SendSmsCodeQuery = Static<typeof SendSmsCodeQuery>;

export const SentData = Type.Object({
  channel: Type.Union([Type.Literal("sms"), Type.Literal("email")]),
  /** Where the code went, masked. */
  target: Type.String(),
});
export type SentData = Static<typeof SentData>;

export const CheckSmsCodeBody = Type.Object({ phone: Phone, code: Code });
export type CheckSmsCodeBody = Static<typeof CheckSmsCodeBody>;

export const CancelUserBody = Type.Object({ code: Code });
export type CancelUserBody = Static<typeof CancelUserBody>;

export const SourceParams = Type.Object({ source: Type.Union([Type.Literal("1"), Type.Literal("5")]) });
export type SourceParams = Static<typeof SourceParams>;

export const PhoneLoginBody = Type.Object({ phone: Phone, code: Code });
export type PhoneLoginBody = Static<typeof PhoneLoginBody>;

export const TokenData = Type.Object({ token: Type.String() });
export type TokenData = Static<typeof TokenData>;

export const UserInfoQuery = Type.Object({ t: Type.Optional(Type.String({ maxLength: 20 })) });
export type UserInfoQuery = Static<typeof UserInfoQuery>;

export const UserInfoData = Type.Object({
  userId: Type.String(),
  vipType: Type.Optional(Type.String()),
  /** When the last membership ended, while none is active: the membership gate asks to renew (1208). */
  vipExpiredAt: Type.Optional(Type.String({ format: "date-time" })),
  phone: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  sourcesNo: Type.Optional(Type.String()),
  nickname: Type.Optional(Type.String()),
  /** The third-party login channels bound to the account (1001 web, 1004 controller). */
  boundChannels: Type.Array(Type.Integer()),
  hasPassword: Type.Boolean(),
});
export type UserInfoData = Static<typeof UserInfoData>;

export const UnbindKindParams = Type.Object({ kind: Type.Union([Type.Literal("email"), Type.Literal("phone")]) });
export type UnbindKindParams = Static<typeof UnbindKindParams>;

/** unbind/{loginChannel}: any integer, so an unknown channel answers NOT_FOUND rather than a 400. */
export const UnbindChannelParams = Type.Object({ loginChannel: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }) });
export type UnbindChannelParams = Static<typeof UnbindChannelParams>;

export const ThirdPartyLoginBody = Type.Object({
  provider: Type.Union([Type.Literal("wechat"), Type.Literal("qq")]),
  code: Type.String({ minLength: 1, maxLength: 128 }),
  state: Type.String({ minLength: 1, maxLength: 128 }),
  loginChannel: Type.Union([Type.Literal(1001), Type.Literal(1004)], { default: 1001 }),
});
export type ThirdPartyLoginBody = Static<typeof ThirdPartyLoginBody>;

/** A token when the identity is known; otherwise a ticket to bind an email (or phone) to. */
export const ThirdPartyLoginData = Type.Object({
  token: Type.Optional(Type.String()),
  ticket: Type.Optional(Type.String()),
  nickname: Type.Optional(Type.String()),
});
export type ThirdPartyLoginData = Static<typeof ThirdPartyLoginData>;

export const ThirdPartyEmailSendBody = Type.Object({
  email: Email,
  ticket: Type.Optional(Type.String({ maxLength: 128 })),
});
export type ThirdPartyEmailSendBody = Static<typeof ThirdPartyEmailSendBody>;

export const ThirdPartyEmailBindBody = Type.Object({
  email: Email,
  code: Code,
  ticket: Type.Optional(Type.String({ maxLength: 128 })),
});
export type ThirdPartyEmailBindBody = Static<typeof ThirdPartyEmailBindBody>;

/** With a ticket, binding logs in: the token; logged in already, nothing. */
export const BindEmailData = Type.Object({ token: Type.Optional(Type.String()) });
/** The phone bind answers the same way. */
export const BindPhoneData = BindEmailData;
export type BindEmailData = Static<typeof BindEmailData>;

export const ThirdPartyPhoneBindBody = Type.Object({
  phone: Phone,
  code: Code,
  /**
   * The ticket thirdPart/login answered. Optional: the login also set it in the `tpTicket` cookie,
   * which a browser sends with credentials (the spec's payload has no ticket); logged in, neither.
   */
  ticket: Type.Optional(Type.String({ maxLength: 128 })),
});
export type ThirdPartyPhoneBindBody = Static<typeof ThirdPartyPhoneBindBody>;

export const WwidQuery = Type.Object({ wwid: Type.String({ minLength: 1, maxLength: 128 }) });
export type WwidQuery = Static<typeof WwidQuery>;

export const WwidData = Type.Object({ userId: Type.String(), provider: Type.String(), loginChannel: Type.Integer() });
export type WwidData = Static<typeof WwidData>;

export const AnalyticsBody = Type.Object({
  event: Type.String({ minLength: 1, maxLength: 64 }),
  userId: Type.Optional(Type.String({ maxLength: 64 })),
  path: Type.Optional(Type.String({ maxLength: 256 })),
});
export type AnalyticsBody = Static<typeof AnalyticsBody>;
