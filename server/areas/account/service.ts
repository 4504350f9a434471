import { type Language, maskPhone } from "../../../shared/constants.ts";
import { activeVip, lapsedVip } from "../../../shared/membership.ts";
import type { UserInfoData } from "../../../shared/schemas/account.ts";
import { isEmail, isPassword, isPhone } from "../../../shared/validation.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";
import { photoCloneKeys } from "../roles/service.ts";
import { type CodePurpose, createCodeService, PHONE_PROOF } from "./codes.ts";
import { checkPassword, hashPassword } from "./password.ts";
import { codeMessage, maskEmail } from "./templates.ts";

// Checked when no user matches, so that answering takes as long whether or not the email exists.
const dummyHash = hashPassword("timing-equaliser-not-a-password");

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function requireEmail(email: string): string {
  const normalised = normaliseEmail(email);
  if (!isEmail(normalised)) throw new BizError("EMAIL_INVALID");
  return normalised;
}

export function requirePhone(phone: string): string {
  const trimmed = phone.trim();
  if (!isPhone(trimmed)) throw new BizError("PHONE_INVALID");
  return trimmed;
}

function requirePassword(password: string) {
  if (!isPassword(password)) throw new BizError("PASSWORD_LENGTH");
}

export interface RequestInfo {
  ip: string | undefined;
  language: Language;
}

/** The columns userInfo reads, as SQLite gives them (dates are ISO text, booleans 0 or 1). */
interface UserInfoRow {
  id: string;
  email: string | null;
  phone: string | null;
  sourcesNo: string | null;
  nickname: string | null;
  vipType: string | null;
  vipExpiresAt: string | null;
  hasPassword: 0 | 1;
}

export function createAccountService(
  deps: Pick<Deps, "db" | "tokens" | "clock" | "outbox" | "codeKey" | "storage" | "env" | "reads">,
) {
  const { db, tokens } = deps;
  const codes = createCodeService(deps);

  const liveUser = (where: { email: string } | { phone: string } | { id: string }) =>
    db.user.findFirst({ where: { ...where, cancelledAt: null } });

  function sendCode(purpose: CodePurpose, channel: "sms" | "email", target: string, req: RequestInfo) {
    return codes.issue({
      purpose,
      channel,
      target,
      ip: req.ip,
      render: (code) => codeMessage(purpose, req.language, code),
    });
  }

  return {
    codes,
    sendCode,

    async emailLogin(email: string, password: string): Promise<string> {
      const normalised = requireEmail(email);
      const user = await liveUser({ email: normalised });
      const ok = await checkPassword(user?.passwordHash ?? (await dummyHash), password);
      if (!user || !ok) throw new BizError("EMAIL_OR_PASSWORD_INCORRECT");
      return tokens.issue(user.id);
    },

    /**
     * Email a code. Without a type (the spec's call) the code is for what the email can do: a
     * registration when it is new, a password reset when it is registered (docs/decisions/014).
     */
    async sendEmailCode(email: string, requested: "register" | "reset" | undefined, req: RequestInfo) {
      const target = requireEmail(email);
      const exists = Boolean(await db.user.findFirst({ where: { email: target }, select: { id: true } }));
      const type = requested ?? (exists ? "reset" : "register");
      if (type === "register" && exists) throw new BizError("EMAIL_REGISTERED");
      // A reset for an unknown email answers the same success and sends nothing: no probing.
      if (type === "reset" && !exists) return;
      await sendCode(type, "email", target, req);
    },

    async registerLogin(email: string, code: string, password: string): Promise<string> {
      const target = requireEmail(email);
      requirePassword(password);
      if (await db.user.findFirst({ where: { email: target }, select: { id: true } }))
        throw new BizError("EMAIL_REGISTERED");
      await codes.consume("register", target, code);
      const user = await db.user.create({ data: { email: target, passwordHash: await hashPassword(password) } });
      return tokens.issue(user.id);
    },

    async resetPassword(email: string, code: string, password: string) {
      const target = requireEmail(email);
      requirePassword(password);
      await codes.consume("reset", target, code);
      const user = await liveUser({ email: target });
      if (!user) throw new BizError("VERIFICATION_CODE_ERROR");
      await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password) } });
      await tokens.revokeAllOf(user.id);
    },

    async sendSms(phone: string, type: "login" | "bind" | undefined, req: RequestInfo) {
      await sendCode(type ?? "login", "sms", requirePhone(phone), req);
    },

    /** Phone-code login; a first login creates the account. Source 5 marks the short-video platform. */
    async phoneLogin(source: "1" | "5", phone: string, code: string): Promise<string> {
      const target = requirePhone(phone);
      // any code that proves the phone: sendSms's login or bind code
      await codes.consume(PHONE_PROOF, target, code);
      const user =
        (await liveUser({ phone: target })) ??
        (await db.user.create({ data: { phone: target, sourcesNo: source === "5" ? "5" : null } }));
      return tokens.issue(user.id);
    },

    /**
     * v1: send a code to bind a phone to this account, or to confirm its cancellation. Without a
     * type the phone decides: one the account does not have is to be bound; the account's own, or
     * none, is the cancellation's (docs/decisions/014).
     */
    async sendSmsCode(
      userId: string,
      requested: "bind" | "cancel" | undefined,
      phone: string | undefined,
      req: RequestInfo,
    ) {
      const own = requested ? null : await liveUser({ id: userId });
      const type = requested ?? (phone && phone.trim() !== own?.phone ? "bind" : "cancel");
      if (type === "bind") {
        const target = requirePhone(phone ?? "");
        const owner = await db.user.findFirst({ where: { phone: target }, select: { id: true } });
        if (owner && owner.id !== userId) throw new BizError("PHONE_ERROR");
        await sendCode("bind", "sms", target, req);
        return { channel: "sms" as const, target: maskPhone(target) };
      }
      const user = await liveUser({ id: userId });
      if (!user) throw new BizError("TOKEN_INVALID");
      if (user.phone) {
        await sendCode("cancel", "sms", user.phone, req);
        return { channel: "sms" as const, target: maskPhone(user.phone) };
      }
      if (user.email) {
        await sendCode("cancel", "email", user.email, req);
        return { channel: "email" as const, target: maskEmail(user.email) };
      }
      throw new BizError("LAST_LOGIN_METHOD");
    },

    async bindPhone(
      userId: string,
      phone: string,
      code: string,
      purposes: CodePurpose | readonly CodePurpose[] = "bind",
    ) {
      const target = requirePhone(phone);
      await codes.consume(purposes, target, code);
      const owner = await db.user.findFirst({ where: { phone: target }, select: { id: true } });
      if (owner && owner.id !== userId) throw new BizError("PHONE_ERROR");
      await db.user.update({ where: { id: userId }, data: { phone: target } });
    },

    async bindEmail(userId: string, email: string, code: string) {
      const target = requireEmail(email);
      await codes.consume("bind", target, code);
      const owner = await db.user.findFirst({ where: { email: target }, select: { id: true } });
      if (owner && owner.id !== userId) throw new BizError("EMAIL_REGISTERED");
      await db.user.update({ where: { id: userId }, data: { email: target } });
    },

    /** Remove the email or phone, unless it is the last way into the account. */
    async unbind(userId: string, kind: "email" | "phone") {
      const user = await db.user.findUniqueOrThrow({
        where: { id: userId },
        include: { identities: { select: { id: true } } },
      });
      const remaining = {
        email: kind !== "email" && Boolean(user.email),
        phone: kind !== "phone" && Boolean(user.phone),
        identities: user.identities.length > 0,
      };
      if (!remaining.email && !remaining.phone && !remaining.identities) throw new BizError("LAST_LOGIN_METHOD");
      await db.user.update({ where: { id: userId }, data: kind === "email" ? { email: null } : { phone: null } });
    },

    /**
     * Cancel the account: the code must match the one sent to its phone (or email). Personal data
     * is wiped, the user's files deleted, every token revoked; the row stays, anonymised, so ids
     * held elsewhere (orders, analytics) do not dangle.
     */
    async cancel(userId: string, code: string) {
      const user = await liveUser({ id: userId });
      if (!user) throw new BizError("TOKEN_INVALID");
      const target = user.phone ?? user.email;
      if (!target) throw new BizError("VERIFICATION_CODE_ERROR");
      await codes.consume("cancel", target, code);
      const files = await db.storedFile.findMany({ where: { userId }, select: { key: true, thumbKey: true } });
      // photo clones' files (the normalised photo, its thumbnail, the face texture: decision 049) are personal data too
      const clones = await db.customRole.findMany({ where: { userId, kind: "photo" }, select: { id: true } });
      await db.$transaction([
        db.storedFile.deleteMany({ where: { userId } }),
        db.thirdPartyIdentity.deleteMany({ where: { userId } }),
        db.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: deps.clock.now() } }),
        db.user.update({
          where: { id: userId },
          data: {
            email: null,
            phone: null,
            passwordHash: null,
            nickname: null,
            vipType: null,
            vipExpiresAt: null,
            cancelledAt: deps.clock.now(),
          },
        }),
      ]);
      for (const file of files) {
        await deps.storage.remove(file.key);
        if (file.thumbKey) await deps.storage.remove(file.thumbKey);
      }
      for (const role of clones)
        for (const key of photoCloneKeys(role.id)) await deps.storage.remove(key).catch(() => undefined);
    },

    async userInfo(userId: string): Promise<UserInfoData> {
      // A hot read (every page load asks): prepared statements, not the ORM (decision 027).
      const [user, channels] = await Promise.all([
        deps.reads.get<UserInfoRow>(
          `SELECT "id", "email", "phone", "sourcesNo", "nickname", "vipType", "vipExpiresAt",
                  CASE WHEN "passwordHash" IS NULL THEN 0 ELSE 1 END AS "hasPassword"
           FROM "User" WHERE "id" = ? AND "cancelledAt" IS NULL`,
          userId,
        ),
        deps.reads.all<{ channel: number }>(
          'SELECT DISTINCT "channel" FROM "ThirdPartyIdentity" WHERE "userId" = ? ORDER BY "channel"',
          userId,
        ),
      ]);
      if (!user) throw new BizError("TOKEN_INVALID");
      const membership = {
        vipType: user.vipType,
        vipExpiresAt: user.vipExpiresAt ? new Date(user.vipExpiresAt) : null,
      };
      const vipType = activeVip(membership, deps.clock.now());
      const lapsed = lapsedVip(membership, deps.clock.now());
      return {
        userId: user.id,
        ...(vipType ? { vipType } : {}),
        ...(lapsed && membership.vipExpiresAt ? { vipExpiredAt: membership.vipExpiresAt.toISOString() } : {}),
        ...(user.phone ? { phone: user.phone } : {}),
        ...(user.email ? { email: user.email } : {}),
        ...(user.sourcesNo ? { sourcesNo: user.sourcesNo } : {}),
        ...(user.nickname ? { nickname: user.nickname } : {}),
        boundChannels: channels.map((c) => c.channel),
        hasPassword: user.hasPassword === 1,
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
