/**
 * Payment keys (docs/decisions/019). Real merchant keys come from the environment. Without them,
 * sandbox keys are generated on first use into the data folder (mode 0600): the merchant's and the
 * sandbox provider's RSA key pairs, the WeChat Pay APIv3 key and the card webhook secret. The
 * sandbox can only sign for keys it holds, so it is off for a channel whose real keys are set.
 */

import { generateKeyPairSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AppEnv } from "../../infra/env.ts";

export interface PaymentKeys {
  alipay: {
    appId: string;
    /** Our app's private key: signs requests to Alipay. */
    appPrivateKey: string;
    /** Alipay's public key: verifies its notifications. */
    alipayPublicKey: string;
    /** The sandbox provider's private key (signs notifications as Alipay); null with real keys. */
    sandboxPrivateKey: string | null;
  };
  wechat: {
    mchId: string;
    /** The 32-byte APIv3 key: decrypts the notification's resource. */
    apiV3Key: Buffer;
    /** The platform public key (or certificate's key) and its serial: verify notifications. */
    platformPublicKey: string;
    platformSerial: string;
    sandboxPrivateKey: string | null;
  };
  card: { webhookSecret: string; sandbox: boolean };
}

interface SandboxFile {
  alipayApp: { publicKey: string; privateKey: string };
  alipayPlatform: { publicKey: string; privateKey: string };
  wechatPlatform: { publicKey: string; privateKey: string };
  wechatApiV3Key: string;
  wechatSerial: string;
  cardSecret: string;
}

const rsa = () =>
  generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });

function sandboxFile(dataDir: string): SandboxFile {
  const file = path.join(dataDir, "payment-sandbox-keys.json");
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as SandboxFile;
  const keys: SandboxFile = {
    alipayApp: rsa(),
    alipayPlatform: rsa(),
    wechatPlatform: rsa(),
    // APIv3 keys are 32 ASCII characters
    wechatApiV3Key: randomBytes(24).toString("base64url").slice(0, 32),
    wechatSerial: `PUB_KEY_ID_SANDBOX${randomBytes(8).toString("hex").toUpperCase()}`,
    cardSecret: `whsec_${randomBytes(24).toString("base64url")}`,
  };
  fs.mkdirSync(dataDir, { recursive: true });
  // written once, readable by the owner only; a concurrent first start keeps whichever landed first
  try {
    fs.writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: "wx" });
  } catch {
    return JSON.parse(fs.readFileSync(file, "utf8")) as SandboxFile;
  }
  return keys;
}

const cache = new Map<string, PaymentKeys>();

export function loadPaymentKeys(env: AppEnv): PaymentKeys {
  const cached = cache.get(env.DATA_DIR);
  if (cached) return cached;
  let sandbox: SandboxFile | undefined;
  const box = () => {
    sandbox ??= sandboxFile(env.DATA_DIR);
    return sandbox;
  };
  const realAlipay = Boolean(env.ALIPAY_PUBLIC_KEY && env.ALIPAY_APP_PRIVATE_KEY);
  const realWechat = Boolean(env.WECHAT_API_V3_KEY && env.WECHAT_PLATFORM_PUBLIC_KEY);
  const keys: PaymentKeys = {
    alipay: realAlipay
      ? {
          appId: env.ALIPAY_APP_ID,
          appPrivateKey: env.ALIPAY_APP_PRIVATE_KEY as string,
          alipayPublicKey: env.ALIPAY_PUBLIC_KEY as string,
          sandboxPrivateKey: null,
        }
      : {
          appId: env.ALIPAY_APP_ID,
          appPrivateKey: box().alipayApp.privateKey,
          alipayPublicKey: box().alipayPlatform.publicKey,
          sandboxPrivateKey: box().alipayPlatform.privateKey,
        },
    wechat: realWechat
      ? {
          mchId: env.WECHAT_MCH_ID,
          apiV3Key: Buffer.from(env.WECHAT_API_V3_KEY as string, "utf8"),
          platformPublicKey: env.WECHAT_PLATFORM_PUBLIC_KEY as string,
          platformSerial: env.WECHAT_PLATFORM_SERIAL ?? "",
          sandboxPrivateKey: null,
        }
      : {
          mchId: env.WECHAT_MCH_ID,
          apiV3Key: Buffer.from(box().wechatApiV3Key, "utf8"),
          platformPublicKey: box().wechatPlatform.publicKey,
          platformSerial: box().wechatSerial,
          sandboxPrivateKey: box().wechatPlatform.privateKey,
        },
    card: env.CARD_WEBHOOK_SECRET
      ? { webhookSecret: env.CARD_WEBHOOK_SECRET, sandbox: false }
      : { webhookSecret: box().cardSecret, sandbox: true },
  };
  cache.set(env.DATA_DIR, keys);
  return keys;
}
