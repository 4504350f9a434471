/**
 * Third-party login (WeChat/QQ style), against the local sandbox provider. Accounts are keyed
 * by (provider, subject) only: an email a provider asserts is never used to join an identity to
 * an existing account. A first login gets a ticket, and the user binds an email (or a phone)
 * by proving it with a code; only then is the identity attached.
 */

import { randomBytes } from "node:crypto";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";
import { PHONE_PROOF } from "./codes.ts";
import { type AccountService, normaliseEmail, type RequestInfo, requireEmail, requirePhone } from "./service.ts";

export const TICKET_TTL_MS = 15 * 60_000;
const GRANT_TTL_MS = 5 * 60_000;

export const PROVIDERS = ["wechat", "qq"] as const;
export type Provider = (typeof PROVIDERS)[number];

/** Where the sandbox may send the user back to: the app's own check pages only. */
export const SANDBOX_REDIRECTS = ["/wxCheck", "/controllerCheck", "/login"] as const;

export function createThirdPartyService(deps: Pick<Deps, "db" | "tokens" | "clock">, accounts: AccountService) {
  const { db, tokens, clock } = deps;

  async function liveTicket(ticket: string | undefined) {
    if (!ticket) throw new BizError("TICKET_EXPIRED");
    const row = await db.thirdPartyTicket.findUnique({ where: { id: ticket } });
    if (!row || row.consumedAt || row.expiresAt <= clock.now()) throw new BizError("TICKET_EXPIRED");
    return row;
  }

  /** Attach the ticket's identity to the user, consuming the ticket exactly once. */
  async function attach(ticketId: string, userId: string) {
    const ticket = await liveTicket(ticketId);
    const won = await db.thirdPartyTicket.updateMany({
      where: { id: ticketId, consumedAt: null },
      data: { consumedAt: clock.now() },
    });
    if (won.count !== 1) throw new BizError("TICKET_EXPIRED");
    await db.thirdPartyIdentity.create({
      data: {
        provider: ticket.provider,
        subject: ticket.subject,
        channel: ticket.channel,
        userId,
        nickname: ticket.nickname,
      },
    });
    return tokens.issue(userId);
  }

  return {
    /** The sandbox provider's consent step: a single-use code bound to the redirect and state. */
    async grant(input: {
      provider: Provider;
      subject: string;
      nickname: string | null;
      redirectUri: string;
      state: string;
    }) {
      const code = randomBytes(24).toString("base64url");
      await db.sandboxGrant.create({
        data: { ...input, code, expiresAt: new Date(clock.now().getTime() + GRANT_TTL_MS) },
      });
      return code;
    },

    async login(input: { provider: Provider; code: string; state: string; loginChannel: number }) {
      const grant = await db.sandboxGrant.findUnique({ where: { code: input.code } });
      if (
        !grant ||
        grant.provider !== input.provider ||
        grant.state !== input.state ||
        grant.expiresAt <= clock.now()
      ) {
        throw new BizError("TICKET_EXPIRED");
      }
      const used = await db.sandboxGrant.updateMany({
        where: { code: input.code, consumedAt: null },
        data: { consumedAt: clock.now() },
      });
      if (used.count !== 1) throw new BizError("TICKET_EXPIRED");

      const identity = await db.thirdPartyIdentity.findUnique({
        where: { provider_subject: { provider: grant.provider, subject: grant.subject } },
        include: { user: { select: { cancelledAt: true } } },
      });
      if (identity && !identity.user.cancelledAt) return { token: await tokens.issue(identity.userId) };

      const ticket = randomBytes(24).toString("base64url");
      await db.thirdPartyTicket.create({
        data: {
          id: ticket,
          provider: grant.provider,
          subject: grant.subject,
          channel: input.loginChannel,
          nickname: grant.nickname,
          expiresAt: new Date(clock.now().getTime() + TICKET_TTL_MS),
        },
      });
      return { ticket, ...(grant.nickname ? { nickname: grant.nickname } : {}) };
    },

    /** Send a bind code to an email: for a pending third-party login (ticket) or a logged-in user. */
    async sendEmailBindCode(email: string, ticket: string | undefined, userId: string | null, req: RequestInfo) {
      const target = requireEmail(email);
      if (!userId) await liveTicket(ticket);
      await accounts.sendCode("bind", "email", target, req);
    },

    /**
     * Bind an email. With a ticket: the proven email's account (or a new one) gets the identity.
     * Without a ticket but logged in: the email is bound to the logged-in account.
     */
    async bindEmail(email: string, code: string, ticket: string | undefined, userId: string | null) {
      if (!ticket && userId) {
        await accounts.bindEmail(userId, email, code);
        return null;
      }
      const target = requireEmail(email);
      await liveTicket(ticket);
      await accounts.codes.consume("bind", target, code);
      const user =
        (await db.user.findFirst({ where: { email: normaliseEmail(target), cancelledAt: null } })) ??
        (await db.user.create({ data: { email: target } }));
      return attach(ticket as string, user.id);
    },

    /**
     * Bind a phone proven by a code (sendSms's, login or bind). With a ticket: the proven phone's
     * account (or a new one) gets the identity. Without one but logged in: the phone is bound to
     * the logged-in account, as checkSmsCode does.
     */
    async bindPhone(phone: string, code: string, ticket: string | undefined, userId: string | null) {
      if (!ticket && userId) {
        await accounts.bindPhone(userId, phone, code, PHONE_PROOF);
        return null;
      }
      const target = requirePhone(phone);
      await liveTicket(ticket);
      await accounts.codes.consume(PHONE_PROOF, target, code);
      const user =
        (await db.user.findFirst({ where: { phone: target, cancelledAt: null } })) ??
        (await db.user.create({ data: { phone: target } }));
      return attach(ticket as string, user.id);
    },

    async unbind(userId: string, loginChannel: number) {
      const user = await db.user.findUniqueOrThrow({ where: { id: userId }, include: { identities: true } });
      const keeps = user.identities.filter((i) => i.channel !== loginChannel);
      if (!user.email && !user.phone && keeps.length === 0) throw new BizError("LAST_LOGIN_METHOD");
      const removed = await db.thirdPartyIdentity.deleteMany({ where: { userId, channel: loginChannel } });
      if (removed.count === 0) throw new BizError("NOT_FOUND");
    },

    /** The caller's own identity with this third-party id; another account's is simply not found. */
    async byWwid(userId: string, wwid: string) {
      const identity = await db.thirdPartyIdentity.findFirst({ where: { subject: wwid, userId } });
      if (!identity) throw new BizError("NOT_FOUND");
      return { userId: identity.userId, provider: identity.provider, loginChannel: identity.channel };
    },
  };
}
