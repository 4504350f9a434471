import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DownloadEntry } from "../../../shared/schemas/downloads.ts";
import { ListState } from "../../components/list-state/ListState.tsx";
import { toast } from "../../components/toast/toastStore.ts";
import { HTML_LANG } from "../../lib/i18n/index.ts";
import { useLanguage } from "../../lib/session.ts";
import { useDownloads } from "./api.ts";
import { CloudIcon, PcIcon, PhoneIcon } from "./icons.tsx";
import "./download.css";

type Locale = string;

/** 501647 -> "502 kB" (decimal units, as the unit names mean); the exact bytes are shown next to it. */
function formatSize(bytes: number, locale: Locale): string {
  const mb = bytes / 1e6;
  const [value, unit] = mb >= 1 ? [mb, "megabyte"] : [bytes / 1e3, "kilobyte"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, maximumFractionDigits: mb >= 1 ? 1 : 0 }).format(value);
}

/** A release date (YYYY-MM-DD) in the page's language, the same day everywhere. */
function formatDate(date: string, locale: Locale): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(locale, { dateStyle: "long", timeZone: "UTC" });
}

function Sha256({ entry, sha256 }: { entry: DownloadEntry; sha256: string }) {
  const { t } = useTranslation();
  const codeRef = useRef<HTMLElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sha256);
      toast.success(t("download.copied"));
    } catch {
      // no clipboard (a page not on https or localhost): select it for Ctrl+C
      const code = codeRef.current;
      if (code) window.getSelection()?.selectAllChildren(code);
      toast.info(t("download.copyFailed"));
    }
  };
  return (
    <div className="dl-sha">
      <span className="dl-sha__label">SHA-256</span>
      <code ref={codeRef} className="dl-sha__value" data-testid="download-sha256">
        {sha256}
      </code>
      <button
        type="button"
        className="btn btn--ghost dl-sha__copy"
        onClick={copy}
        aria-label={t("download.copyShaLabel", { name: entry.name })}
      >
        {t("download.copy")}
      </button>
    </div>
  );
}

function Facts({ entry, locale }: { entry: DownloadEntry; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <dl className="dl-facts">
      <div>
        <dt>{t("download.version")}</dt>
        <dd data-testid="download-version">{entry.version}</dd>
      </div>
      {entry.file && (
        <div>
          <dt>{t("download.size")}</dt>
          <dd data-testid="download-size" data-bytes={entry.file.size}>
            {formatSize(entry.file.size, locale)}{" "}
            <span className="dl-facts__bytes">
              ({t("download.bytes", { count: entry.file.size, formatted: entry.file.size.toLocaleString(locale) })})
            </span>
          </dd>
        </div>
      )}
      <div>
        <dt>{t("download.released")}</dt>
        <dd>
          <time dateTime={entry.releasedAt}>{formatDate(entry.releasedAt, locale)}</time>
        </dd>
      </div>
      <div>
        <dt>{t("download.runsOn")}</dt>
        <dd>{t(entry.platform === "pc" ? "download.platformsPc" : "download.platformsIos")}</dd>
      </div>
    </dl>
  );
}

/** Requirements and release notes, always shown: people decide from them. */
function Details({ entry, headingId }: { entry: DownloadEntry; headingId: string }) {
  const { t } = useTranslation();
  return (
    <div className="dl-card__details">
      <section aria-labelledby={`${headingId}-req`}>
        <h4 id={`${headingId}-req`}>{t("download.requirements")}</h4>
        <ul className="dl-list" data-testid="download-requirements">
          {entry.requirements.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={`${headingId}-notes`}>
        <h4 id={`${headingId}-notes`}>{t("download.notes", { version: entry.version })}</h4>
        <ul className="dl-list dl-list--notes" data-testid="download-notes">
          {entry.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function PcCard({ entry, locale }: { entry: DownloadEntry; locale: Locale }) {
  const { t } = useTranslation();
  const headingId = `download-${entry.id}`;
  return (
    <article className="dl-card card" data-testid={headingId} aria-labelledby={headingId}>
      <div className="dl-card__main">
        <div className="dl-card__head">
          <span className={`dl-card__icon dl-card__icon--${entry.rendering}`}>
            {entry.rendering === "cloud" ? <CloudIcon /> : <PcIcon />}
          </span>
          <div>
            <span className="dl-card__tag">
              {t(entry.rendering === "cloud" ? "download.tagCloud" : "download.tagLocal")}
            </span>
            <h3 id={headingId}>{entry.name}</h3>
          </div>
        </div>
        <p className="dl-card__summary">{entry.summary}</p>
        <Facts entry={entry} locale={locale} />
        {entry.file ? (
          <>
            <a
              className="btn btn--primary btn--lg dl-card__download"
              href={entry.file.url}
              download={entry.file.name}
              data-testid="download-link"
            >
              {t("download.downloadButton")}
              <span className="dl-card__file">{entry.file.name}</span>
            </a>
            <Sha256 entry={entry} sha256={entry.file.sha256} />
          </>
        ) : (
          <p className="dl-card__unavailable" role="status" data-testid="download-unavailable">
            {entry.unavailable}
          </p>
        )}
      </div>
      <Details entry={entry} headingId={headingId} />
    </article>
  );
}

/** The App Store page as a QR code, drawn in the page (the library loads with this card only). */
function StoreQr({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then((QRCode) =>
      QRCode.toDataURL(url, { margin: 1, width: 176 }).then((data) => live && setQr(data)),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <figure className="dl-qr">
      {qr ? (
        <img src={qr} width={176} height={176} alt={t("download.qrLabel", { name })} data-testid="download-ios-qr" />
      ) : (
        <div className="dl-qr__placeholder" aria-busy="true" />
      )}
      <figcaption>{t("download.qrHint")}</figcaption>
    </figure>
  );
}

function IosCard({ entry, locale }: { entry: DownloadEntry; locale: Locale }) {
  const { t } = useTranslation();
  const headingId = `download-${entry.id}`;
  return (
    <article className="dl-card card" data-testid={headingId} aria-labelledby={headingId}>
      <div className="dl-card__main">
        <div className="dl-card__head">
          <span className="dl-card__icon dl-card__icon--ios">
            <PhoneIcon />
          </span>
          <div>
            <span className="dl-card__tag">{t("download.tagIos")}</span>
            <h3 id={headingId}>{entry.name}</h3>
          </div>
        </div>
        <p className="dl-card__summary">{entry.summary}</p>
        <Facts entry={entry} locale={locale} />
        {entry.storeUrl && (
          <div className="dl-card__store">
            <StoreQr url={entry.storeUrl} name={entry.name} />
            <a
              className="btn btn--primary btn--lg"
              href={entry.storeUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="download-store-link"
            >
              {t("download.appStore")}
            </a>
          </div>
        )}
      </div>
      <Details entry={entry} headingId={headingId} />
    </article>
  );
}

function Guide({ fileName }: { fileName: string }) {
  const { t } = useTranslation();
  return (
    <div className="dl-help">
      <section className="dl-guide card" aria-labelledby="dl-guide-title">
        <h2 id="dl-guide-title">{t("download.guideTitle")}</h2>
        <ol>
          {([1, 2, 3] as const).map((n) => (
            <li key={n}>
              <h3>{t(`download.guide${n}Title`)}</h3>
              <p>{t(`download.guide${n}`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="dl-verify card" aria-labelledby="dl-verify-title">
        <h2 id="dl-verify-title">{t("download.verifyTitle")}</h2>
        <p>{t("download.verifyBody")}</p>
        <dl>
          <dt>{t("download.verifyWindows")}</dt>
          <dd>
            <code>certutil -hashfile {fileName} SHA256</code>
          </dd>
          <dt>macOS</dt>
          <dd>
            <code>shasum -a 256 {fileName}</code>
          </dd>
          <dt>Linux</dt>
          <dd>
            <code>sha256sum {fileName}</code>
          </dd>
        </dl>
      </section>
    </div>
  );
}

/**
 * /download: the PC clients (local and cloud rendering) with their real packages, each with its
 * version, size, date, SHA-256, requirements and release notes, and the iOS app with a QR code to
 * its store page. No 3D on this page. docs/decisions/024.
 */
export function DownloadPage() {
  const { t } = useTranslation();
  const locale = HTML_LANG[useLanguage()];
  const list = useDownloads();
  const entries = list.data ?? [];
  const pc = entries.filter((e) => e.platform === "pc");
  const mobile = entries.filter((e) => e.platform === "ios");
  const sample = pc.find((e) => e.file)?.file?.name ?? "avalive-live-local.zip";

  return (
    <div className="page container download" data-testid="download-page">
      <header className="download__hero">
        <p className="download__eyebrow">{t("download.eyebrow")}</p>
        <h1 className="page__title">{t("titles.download")}</h1>
        <p className="page__subtitle">{t("download.subtitle")}</p>
      </header>
      <ListState
        query={list}
        isEmpty={entries.length === 0}
        errorText={t("download.listError")}
        empty={{ title: t("download.listError") }}
      >
        <section className="download__group" aria-labelledby="dl-pc">
          <h2 id="dl-pc" className="download__group-title">
            {t("download.pcHeading")}
          </h2>
          {pc.map((entry) => (
            <PcCard key={entry.id} entry={entry} locale={locale} />
          ))}
        </section>
        {mobile.length > 0 && (
          <section className="download__group" aria-labelledby="dl-mobile">
            <h2 id="dl-mobile" className="download__group-title">
              {t("download.mobileHeading")}
            </h2>
            {mobile.map((entry) => (
              <IosCard key={entry.id} entry={entry} locale={locale} />
            ))}
          </section>
        )}
        <Guide fileName={sample} />
      </ListState>
    </div>
  );
}
