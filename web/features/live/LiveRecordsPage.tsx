import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListState } from "../../components/list-state/ListState.tsx";
import { Pager } from "../../components/pager/Pager.tsx";
import { useLanguage } from "../../lib/session.ts";
import { useLiveHistory } from "./api.ts";
import { clock } from "./format.ts";
import "./studio.css";

const PER_PAGE = 10;

/** /workbench/cloudRecord: the live-stream records, newest first: start, end, duration and mode. */
export function LiveRecordsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const list = useLiveHistory(page, PER_PAGE);
  const records = list.data?.records ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PER_PAGE));
  const locale = language === "EN" ? "en" : language === "ZH_TN" ? "zh-TW" : "zh-CN";
  const when = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });

  return (
    <div className="live-records" data-testid="live-records">
      <h1 className="page__title">{t("titles.cloudRecord")}</h1>
      {list.data && (
        <p className="page__subtitle" data-testid="live-records-total">
          {t("liveRecords.total", { count: list.data.total, duration: clock(list.data.totalSeconds) })}
        </p>
      )}
      <ListState
        query={list}
        isEmpty={records.length === 0}
        errorText={t("member.loadError")}
        empty={{
          title: t("liveRecords.empty"),
          body: t("liveRecords.emptyBody"),
          testId: "live-records-empty",
          action: (
            <Link className="btn btn--primary" to="/live/studio">
              {t("liveRecords.openStudio")}
            </Link>
          ),
        }}
      >
        <div className="live-records__scroll">
          <table className="live-records__table" data-testid="live-records-table">
            <thead>
              <tr>
                <th scope="col">{t("liveRecords.start")}</th>
                <th scope="col">{t("liveRecords.end")}</th>
                <th scope="col">{t("liveRecords.duration")}</th>
                <th scope="col">{t("liveRecords.mode")}</th>
                <th scope="col">{t("liveRecords.plan")}</th>
              </tr>
            </thead>
            <tbody>
              {records.map((r) => (
                <tr key={r.id} data-testid="live-record" data-id={r.id} data-live={r.live}>
                  <td>{when(r.startedAt)}</td>
                  <td>
                    {r.endedAt ? when(r.endedAt) : <span className="badge badge--live">{t("liveRecords.live")}</span>}
                  </td>
                  <td data-testid="live-record-duration">{clock(r.durationSeconds)}</td>
                  <td>{r.modeName}</td>
                  <td>{r.planName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListState>
      <Pager page={page} pages={pages} onPage={setPage} testId="live-records-page" />
    </div>
  );
}
