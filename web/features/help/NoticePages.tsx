import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ANNOUNCEMENT_TYPES, type AnnouncementType } from "../../../shared/schemas/content.ts";
import { ListState } from "../../components/list-state/ListState.tsx";
import { Pager } from "../../components/pager/Pager.tsx";
import { HTML_LANG } from "../../lib/i18n/index.ts";
import { useLanguage } from "../../lib/session.ts";
import { useAnnouncement, useAnnouncementPage, useAnnouncementTypes } from "./api.ts";
import { DocBody } from "./DocBody.tsx";
import "./help.css";

const PER_PAGE = 8;

const isType = (value: string | null): value is AnnouncementType =>
  value !== null && (ANNOUNCEMENT_TYPES as readonly string[]).includes(value);

function useDate() {
  const locale = HTML_LANG[useLanguage()];
  return (iso: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: "medium" });
}

/** /notice: announcements newest first, with type tabs and pages. */
export function NoticePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type = isType(params.get("type")) ? (params.get("type") as AnnouncementType) : null;
  const [page, setPage] = useState(1);
  const types = useAnnouncementTypes();
  const list = useAnnouncementPage(page, PER_PAGE, type);
  const date = useDate();
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PER_PAGE));
  const choose = (next: AnnouncementType | null) => {
    setPage(1);
    setParams(next ? { type: next } : {}, { replace: true });
  };

  return (
    <div className="page container notice" data-testid="notice-page">
      <h1 className="page__title">{t("titles.notice")}</h1>
      <div className="notice__tabs" role="tablist" aria-label={t("notice.types")}>
        {[{ value: null, name: t("notice.all") }, ...(types.data ?? [])].map((tab) => (
          <button
            key={tab.value ?? "all"}
            type="button"
            role="tab"
            aria-selected={tab.value === type}
            className={`notice__tab${tab.value === type ? " notice__tab--on" : ""}`}
            onClick={() => choose(tab.value as AnnouncementType | null)}
            data-testid={`notice-tab-${tab.value ?? "all"}`}
          >
            {tab.name}
          </button>
        ))}
      </div>
      <ListState
        query={list}
        isEmpty={(list.data?.records.length ?? 0) === 0}
        errorText={t("member.loadError")}
        empty={{ title: t("notice.empty") }}
      >
        <div role="tabpanel">
          <ul className="notice__list">
            {list.data?.records.map((a) => (
              <li key={a.id} className="notice__item card" data-testid="notice-item">
                <span className={`notice__type notice__type--${a.type}`}>{a.typeName}</span>
                <time dateTime={a.publishedAt}>{date(a.publishedAt)}</time>
                <h2 className="notice__title">
                  <Link to={`/noticeDetail?id=${a.id}`}>{a.title}</Link>
                </h2>
                <p className="notice__summary">{a.summary}</p>
              </li>
            ))}
          </ul>
        </div>
      </ListState>
      <Pager page={page} pages={pages} onPage={setPage} testId="notice-page" />
    </div>
  );
}

/** /noticeDetail?id=…: one announcement, the previous and next, and the latest. */
export function NoticeDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get("id");
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const one = useAnnouncement(id);
  const date = useDate();

  if (id === null || one.isError)
    return (
      <div className="page container notice" data-testid="notice-missing">
        <h1 className="page__title">{t("titles.noticeDetail")}</h1>
        <p role="alert">{t("notice.notFound")}</p>
        <Link to="/notice">{t("notice.backToList")}</Link>
      </div>
    );
  if (one.isPending)
    return (
      <p className="page container" aria-busy="true">
        {t("help.loading")}
      </p>
    );
  const a = one.data;
  return (
    <div className="page container notice notice--detail" data-testid="notice-detail">
      <article className="notice__article">
        <Link className="help__back" to="/notice">
          ‹ {t("notice.backToList")}
        </Link>
        <p>
          <span className={`notice__type notice__type--${a.type}`}>{a.typeName}</span>{" "}
          <time dateTime={a.publishedAt}>{date(a.publishedAt)}</time>
        </p>
        <h1 className="page__title" data-testid="notice-title">
          {a.title}
        </h1>
        <DocBody html={a.html} />
        <nav className="notice__steps" aria-label={t("notice.steps")}>
          {a.previous ? (
            <Link to={`/noticeDetail?id=${a.previous.id}`} data-testid="notice-previous">
              ‹ {t("notice.previous")}: {a.previous.title}
            </Link>
          ) : (
            <span />
          )}
          {a.next && (
            <Link to={`/noticeDetail?id=${a.next.id}`} data-testid="notice-next">
              {t("notice.next")}: {a.next.title} ›
            </Link>
          )}
        </nav>
      </article>
      <aside className="notice__latest card" aria-labelledby="notice-latest">
        <h2 id="notice-latest">{t("notice.latest")}</h2>
        <ul>
          {a.latest.map((l) => (
            <li key={l.id}>
              <Link to={`/noticeDetail?id=${l.id}`} aria-current={l.id === a.id ? "page" : undefined}>
                {l.title}
              </Link>
              <time dateTime={l.publishedAt}>{date(l.publishedAt)}</time>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
