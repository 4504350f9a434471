import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CUSTOM_STATUSES, type CustomStatus, formatMoney } from "../../../shared/custom.ts";
import type { CustomRequestRecord } from "../../../shared/schemas/custom.ts";
import { confirm } from "../../components/confirm/confirmStore.ts";
import { ListState } from "../../components/list-state/ListState.tsx";
import { Pager } from "../../components/pager/Pager.tsx";
import { toast } from "../../components/toast/toastStore.ts";
import { HTML_LANG, messageText } from "../../lib/i18n/index.ts";
import { useLanguage } from "../../lib/session.ts";
import { useCancelRequest, useMyMade } from "./api.ts";
import "./custom.css";

const PER_PAGE = 10;

function RequestCard({ row, avatarsPath }: { row: CustomRequestRecord; avatarsPath: string }) {
  const { t } = useTranslation();
  const locale = HTML_LANG[useLanguage()];
  const cancel = useCancelRequest();
  const day = (date: string) =>
    new Date(`${date}T00:00:00Z`).toLocaleDateString(locale, { dateStyle: "medium", timeZone: "UTC" });
  const when = (iso: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: "medium" });

  const onCancel = async () => {
    const ok = await confirm({
      title: t("myCustom.cancelTitle"),
      message: t("myCustom.cancelMessage", { no: row.requestNo }),
      confirmText: t("myCustom.cancel"),
      danger: true,
    });
    if (!ok) return;
    try {
      toast.success((await cancel.mutateAsync(row.id)).message);
    } catch {
      // shown by the API client
    }
  };

  return (
    <li className="custom-request card" data-testid="custom-request" data-status={row.status}>
      {row.cover ? (
        <img className="custom-request__cover" src={row.cover} alt={t("custom.photoAlt", { n: 1 })} />
      ) : (
        <span className="custom-request__cover" aria-hidden="true" />
      )}
      <div className="custom-request__body">
        <div className="custom-request__head">
          <h2>
            {row.styleName}
            <span className="custom-request__no">{t("myCustom.requestNo", { no: row.requestNo })}</span>
          </h2>
          <span className={`custom-status custom-status--${row.status}`} data-testid="custom-request-status">
            {row.statusName}
          </span>
        </div>
        <p className="custom-request__text">{row.description}</p>
        <dl className="custom-request__facts">
          <div>
            <dt>{t("myCustom.budget")}</dt>
            <dd>{formatMoney(row.budget, row.symbol)}</dd>
          </div>
          <div>
            <dt>{t("myCustom.quote")}</dt>
            <dd data-testid="custom-request-quote">
              {row.quoteAmount === null ? t("myCustom.noQuote") : formatMoney(row.quoteAmount, row.symbol)}
            </dd>
          </div>
          <div>
            <dt>{t("myCustom.deadline")}</dt>
            <dd>{day(row.deadline)}</dd>
          </div>
          <div>
            <dt>{t("myCustom.sent")}</dt>
            <dd>{when(row.createdAt)}</dd>
          </div>
          <div>
            <dt>{t("myCustom.photos")}</dt>
            <dd>{row.photoCount}</dd>
          </div>
        </dl>
        {row.status === "rejected" && row.rejectReason && (
          <p className="custom-request__reason" data-testid="custom-request-reason">
            {t("myCustom.reason", { reason: row.rejectReason })}
          </p>
        )}
        {row.status === "delivered" &&
          (row.role ? (
            <div className="custom-request__avatar" data-testid="custom-request-avatar">
              {row.role.img && <img src={row.role.img} alt="" />}
              <span>{row.role.name}</span>
              <Link className="btn btn--primary" to={`/face?${new URLSearchParams({ roleId: row.role.id })}`}>
                {t("myCustom.openAvatar")}
              </Link>
              <Link className="btn btn--ghost" to={avatarsPath}>
                {t("myCustom.inMyAvatars")}
              </Link>
            </div>
          ) : (
            <p className="custom-request__reason">{t("myCustom.avatarGone")}</p>
          ))}
        {row.canCancel && (
          <button
            type="button"
            className="btn btn--ghost custom-request__cancel"
            onClick={() => void onCancel()}
            disabled={cancel.isPending}
            data-testid="custom-request-cancel"
          >
            {t("myCustom.cancel")}
          </button>
        )}
      </div>
    </li>
  );
}

/** /workbench/myCustomized and /myCustomized: the user's tailored-model requests and their states. */
export function MyCustomizedPage({ framed = false }: { framed?: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<CustomStatus | "">("");
  const [page, setPage] = useState(1);
  const list = useMyMade(page, PER_PAGE, status);
  const records = list.data?.records ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PER_PAGE));
  const filters: (CustomStatus | "")[] = ["", ...CUSTOM_STATUSES];

  return (
    <div className={framed ? "my-custom" : "page container my-custom"} data-testid="my-custom">
      <div className="my-custom__head">
        <div>
          <h1 className="page__title">{t("titles.myCustomized")}</h1>
          <p className="page__subtitle">{t("myCustom.subtitle")}</p>
        </div>
        <Link className="btn btn--primary btn--lg" to="/customized" data-testid="custom-new">
          {t("myCustom.newRequest")}
        </Link>
      </div>
      <fieldset className="my-custom__filter" aria-label={t("myCustom.filter")}>
        {filters.map((value) => (
          <button
            key={value || "all"}
            type="button"
            className={`custom-chip${value === status ? " custom-chip--on" : ""}`}
            aria-pressed={value === status}
            data-testid={`custom-filter-${value || "all"}`}
            onClick={() => {
              setStatus(value);
              setPage(1);
            }}
          >
            {value ? messageText(`customStatus_${value}`) : t("myCustom.all")}
          </button>
        ))}
      </fieldset>
      <ListState
        query={list}
        isEmpty={records.length === 0}
        errorText={t("myCustom.loadError")}
        empty={{
          title: t("myCustom.empty"),
          body: t("myCustom.emptyBody"),
          testId: "custom-empty",
          action: (
            <Link className="btn btn--primary" to="/customized">
              {t("myCustom.newRequest")}
            </Link>
          ),
        }}
      >
        <ul className="custom-requests" data-testid="custom-requests">
          {records.map((row) => (
            <RequestCard key={row.id} row={row} avatarsPath={framed ? "/workbench/myPerson" : "/myPerson"} />
          ))}
        </ul>
      </ListState>
      <Pager page={page} pages={pages} onPage={setPage} testId="custom-page" />
    </div>
  );
}

export const WorkbenchMyCustomized = () => <MyCustomizedPage framed />;
