import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { HTML_LANG } from "../../lib/i18n/index.ts";
import { useLanguage } from "../../lib/session.ts";
import { useHelpCatalog, useHelpDoc } from "./api.ts";
import { DocBody } from "./DocBody.tsx";
import "./help.css";

const DEFAULT_DOC = "quickStart";

/** Phones and small tablets get the mobile help pages (spec section 2, /help). */
export const isMobileDevice = () =>
  /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(navigator.userAgent) ||
  window.matchMedia("(max-width: 640px)").matches;

function DocArticle({ id, detailPath }: { id: string; detailPath: string }) {
  const { t } = useTranslation();
  const locale = HTML_LANG[useLanguage()];
  const doc = useHelpDoc(id);
  if (doc.isPending) return <p aria-busy="true">{t("help.loading")}</p>;
  if (doc.isError)
    return (
      <div className="help__missing" role="alert" data-testid="help-missing">
        <p>{t("help.notFound")}</p>
        <Link to={detailPath}>{t("help.toCatalog")}</Link>
      </div>
    );
  const date = new Date(doc.data.revisedAt).toLocaleDateString(locale, { dateStyle: "long" });
  return (
    <article className="help__article" data-testid="help-doc" data-key={doc.data.key}>
      <p className="help__section">{doc.data.sectionName}</p>
      <h1 className="page__title">{doc.data.title}</h1>
      <p className="help__revised">{t("help.revised", { date })}</p>
      <DocBody html={doc.data.html} />
    </article>
  );
}

/** The help centre's catalogue: sections and their documents, the open one marked. */
function Catalog({ current, linkTo }: { current: string | null; linkTo: (id: number) => string }) {
  const { t } = useTranslation();
  const catalog = useHelpCatalog();
  if (catalog.isPending) return <p aria-busy="true">{t("help.loading")}</p>;
  if (catalog.isError)
    return (
      <p role="alert">
        {t("member.loadError")}{" "}
        <button type="button" className="btn btn--ghost" onClick={() => catalog.refetch()}>
          {t("member.retry")}
        </button>
      </p>
    );
  return (
    <nav className="help__catalog" aria-label={t("help.catalog")} data-testid="help-catalog">
      {catalog.data.map((section) => (
        <section key={section.key}>
          <h2 className="help__catalog-title">{section.name}</h2>
          <ul>
            {section.docs.map((doc) => {
              const on = current === String(doc.id) || current === doc.key;
              return (
                <li key={doc.id}>
                  <Link to={linkTo(doc.id)} aria-current={on ? "page" : undefined} data-key={doc.key}>
                    {doc.title}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </nav>
  );
}

/** /help?id=… (and /douyinHelp): the catalogue beside the document. Phones go to /appHelp. */
export function HelpPage({ base = "/help" }: { base?: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get("id") ?? DEFAULT_DOC;
  useEffect(() => {
    if (base === "/help" && isMobileDevice())
      navigate(`/appHelp/detail?id=${encodeURIComponent(id)}`, { replace: true });
  }, [base, id, navigate]);
  return (
    <div className="page container help" data-testid="help-page">
      <Catalog current={id} linkTo={(doc) => `${base}?id=${doc}`} />
      <DocArticle id={id} detailPath={base} />
    </div>
  );
}

export const DouyinHelpPage = () => <HelpPage base="/douyinHelp" />;

/** /appHelp and /appHelp/catalog: the catalogue on its own, for phones. */
export function AppHelpCatalogPage() {
  const { t } = useTranslation();
  return (
    <div className="page container help help--app" data-testid="app-help-catalog">
      <h1 className="page__title">{t("titles.appHelp")}</h1>
      <Catalog current={null} linkTo={(doc) => `/appHelp/detail?id=${doc}`} />
    </div>
  );
}

/** /appHelp/detail?id=…: one document, for phones, with the way back to the catalogue. */
export function AppHelpDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <div className="page container help help--app" data-testid="app-help-detail">
      <Link className="help__back" to="/appHelp/catalog">
        ‹ {t("help.toCatalog")}
      </Link>
      <DocArticle id={params.get("id") ?? DEFAULT_DOC} detailPath="/appHelp/catalog" />
    </div>
  );
}
