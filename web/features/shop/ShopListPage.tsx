import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { ShopSearchBody } from "../../../shared/schemas/shop.ts";
import { ListState } from "../../components/list-state/ListState.tsx";
import { Pager } from "../../components/pager/Pager.tsx";
import { useShopLabels, useShopSearch } from "./api.ts";
import { ProductCard } from "./ProductCard.tsx";
import "./shop.css";

const PER_PAGE = 12;
/** The sort menu: price both ways is two choices of one sort. */
const SORTS = {
  hot: { sort: "hot" },
  newest: { sort: "newest" },
  priceAsc: { sort: "price", order: "asc" },
  priceDesc: { sort: "price", order: "desc" },
} as const satisfies Record<string, Pick<ShopSearchBody, "sort" | "order">>;
type SortKey = keyof typeof SORTS;
const isSort = (value: string | null): value is SortKey => value !== null && value in SORTS;

/**
 * /shop/singleList (where /shop leads): hot single items first; search, classification and tag
 * filters and the sort live in the address, so a filtered list can be shared and Back works.
 */
export function ShopListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const keyword = params.get("q") ?? "";
  const classifyId = params.get("classify") ?? "";
  const tagId = params.get("tag") ?? "";
  const sortKey: SortKey = isSort(params.get("sort")) ? (params.get("sort") as SortKey) : "hot";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [typed, setTyped] = useState(keyword);

  const classes = useShopLabels("classify");
  const tags = useShopLabels("tag");
  const list = useShopSearch({
    ...(keyword ? { keyword } : {}),
    ...(classifyId ? { classifyId } : {}),
    ...(tagId ? { tagId } : {}),
    ...SORTS[sortKey],
    page,
    limit: PER_PAGE,
  });
  const records = list.data?.records ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

  /** Changes some of the address's filters; any change but the page goes back to page 1. */
  const change = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    if (!("page" in next)) merged.delete("page");
    setParams(merged);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    change({ q: typed.trim() });
  };
  const filtered = Boolean(keyword || classifyId || tagId);

  return (
    <div className="page container shop" data-testid="shop-list">
      <header className="shop__head">
        <div>
          <h1 className="page__title">{t("shop.title")}</h1>
          <p className="page__subtitle">{t("shop.subtitle")}</p>
        </div>
        <search className="shop-search">
          <form className="shop-search__form" onSubmit={onSearch}>
            <label className="visually-hidden" htmlFor="shop-keyword">
              {t("shop.searchLabel")}
            </label>
            <input
              id="shop-keyword"
              type="search"
              value={typed}
              maxLength={40}
              placeholder={t("shop.searchPlaceholder")}
              onChange={(e) => setTyped(e.target.value)}
              data-testid="shop-keyword"
            />
            <button type="submit" className="btn btn--primary" data-testid="shop-search">
              {t("shop.search")}
            </button>
          </form>
        </search>
      </header>

      <div className="shop__filters">
        <fieldset className="shop-chips" aria-label={t("shop.classifications")}>
          <legend className="shop-chips__legend">{t("shop.classifications")}</legend>
          <button
            type="button"
            className="shop-chip"
            aria-pressed={!classifyId}
            onClick={() => change({ classify: "" })}
            data-testid="classify-all"
          >
            {t("shop.all")}
          </button>
          {(classes.data ?? []).map((c) => (
            <button
              key={c.id}
              type="button"
              className="shop-chip"
              aria-pressed={classifyId === c.id}
              onClick={() => change({ classify: c.id })}
              data-testid={`classify-${c.id}`}
            >
              {c.name} <span className="shop-chip__count">{c.count}</span>
            </button>
          ))}
        </fieldset>
        <fieldset className="shop-chips" aria-label={t("shop.tags")}>
          <legend className="shop-chips__legend">{t("shop.tags")}</legend>
          <button
            type="button"
            className="shop-chip shop-chip--tag"
            aria-pressed={!tagId}
            onClick={() => change({ tag: "" })}
            data-testid="tag-all"
          >
            {t("shop.anyTag")}
          </button>
          {(tags.data ?? [])
            .filter((tag) => tag.count > 0)
            .map((tag) => (
              <button
                key={tag.id}
                type="button"
                className="shop-chip shop-chip--tag"
                aria-pressed={tagId === tag.id}
                onClick={() => change({ tag: tag.id })}
                data-testid={`tag-${tag.id}`}
              >
                #{tag.name}
              </button>
            ))}
        </fieldset>
        <div className="shop__bar">
          <span className="shop__count" aria-live="polite" data-testid="shop-count">
            {list.isSuccess ? t("shop.count", { count: total }) : " "}
          </span>
          <label className="shop-sort">
            <span>{t("shop.sortLabel")}</span>
            <select
              value={sortKey}
              onChange={(e) => change({ sort: e.target.value === "hot" ? "" : e.target.value })}
              data-testid="shop-sort"
            >
              {(Object.keys(SORTS) as SortKey[]).map((key) => (
                <option key={key} value={key}>
                  {t(`shop.sorts.${key}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      <ListState
        query={list}
        isEmpty={records.length === 0}
        errorText={t("shop.loadError")}
        empty={{
          title: t("shop.empty"),
          body: t("shop.emptyBody"),
          testId: "shop-empty",
          action: filtered ? (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                setTyped("");
                change({ q: "", classify: "", tag: "" });
              }}
            >
              {t("shop.clear")}
            </button>
          ) : undefined,
        }}
      >
        <ul className="product-grid" aria-busy={list.isFetching}>
          {records.map((sku) => (
            <ProductCard key={sku.id} sku={sku} />
          ))}
        </ul>
      </ListState>
      <Pager page={page} pages={pages} onPage={(p) => change({ page: String(p) })} testId="shop-page" />
    </div>
  );
}
