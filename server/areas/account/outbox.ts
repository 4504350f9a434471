/**
 * Every SMS and email goes through the outbox: a row is stored (with any code masked, so the
 * database never holds a plain code), then delivered. Email goes out through SMTP when
 * SMTP_URL is set; SMS has no provider in the reference backend and is logged. Outside
 * production, delivered messages are also kept in memory for GET /dev/outbox, so demos and
 * tests can read the codes.
 */

import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../../../infra/db.ts";

export interface OutgoingMessage {
  channel: "sms" | "email";
  to: string;
  subject: string;
  body: string;
  /** Secrets in the body (codes) to mask in the stored copy and in production logs. */
  secrets?: string[];
}

export interface DevOutboxEntry {
  id: string;
  channel: "sms" | "email";
  to: string;
  subject: string;
  body: string;
  status: string;
  createdAt: string;
}

export interface Outbox {
  send(message: OutgoingMessage): Promise<void>;
  /** Recent messages, newest first; empty in production. */
  recent(filter?: { to?: string }): DevOutboxEntry[];
}

const DEV_KEEP = 200;

function mask(text: string, secrets: string[] = []): string {
  return secrets.reduce((out, secret) => out.replaceAll(secret, "*".repeat(secret.length)), text);
}

export function createOutbox(options: {
  db: Db;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
  smtpUrl?: string;
  from: string;
  keepInMemory: boolean;
}): Outbox {
  const { db, log } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const memory: DevOutboxEntry[] = [];

  async function deliver(message: OutgoingMessage) {
    if (message.channel === "email" && transport) {
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.body });
    }
  }

  return {
    async send(message) {
      const row = await db.outboxMessage.create({
        data: {
          channel: message.channel,
          to: message.to,
          subject: mask(message.subject, message.secrets),
          body: mask(message.body, message.secrets),
        },
      });
      let status = "sent";
      let error: string | null = null;
      try {
        await deliver(message);
      } catch (err) {
        status = "failed";
        error = err instanceof Error ? err.message : String(err);
        log.warn({ outboxId: row.id, err: error }, "outbox delivery failed");
      }
      await db.outboxMessage.update({
        where: { id: row.id },
        data: { status, error, sentAt: status === "sent" ? new Date() : null },
      });
      const logged = options.keepInMemory ? message.body : mask(message.body, message.secrets);
      log.info({ outboxId: row.id, channel: message.channel, to: message.to, status }, `outbox: ${logged}`);
      if (options.keepInMemory) {
        memory.unshift({
          id: row.id,
          channel: message.channel,
          to: message.to,
          subject: message.subject,
          body: message.body,
          status,
          createdAt: row.createdAt.toISOString(),
        });
        memory.length = Math.min(memory.length, DEV_KEEP);
      }
      if (status === "failed") throw new Error(`delivery failed: ${error}`);
    },

    recent(filter = {}) {
      return filter.to ? memory.filter((m) => m.to === filter.to) : [...memory];
    },
  };
}
