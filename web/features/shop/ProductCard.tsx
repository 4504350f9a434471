import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ShopSkuRecord } from "../../../shared/schemas/shop.ts";
import { shopItemLink } from "../../lib/links.ts";
import { displayPrice } from "../membership/index.ts";
import { ProductArt } from "./ProductArt.tsx";

/** One product in the list: its picture, name, classification, price (or Free) and Owned. */
export function ProductCard({ sku }: { sku: ShopSkuRecord }) {
  const { t } = useTranslation();
  return (
    <li className="product-card card" data-testid="product-card" data-id={sku.id} data-owned={sku.owned}>
      <Link to={shopItemLink(sku.id)} className="product-card__link">
        <ProductArt asset={sku.unlocks} />
        <span className="product-card__body">
          <span className="product-card__kind">{sku.classifications[0]?.name}</span>
          <span className="product-card__name">{sku.name}</span>
          <span className="product-card__foot">
            <span className="product-card__price" data-testid="product-price">
              {sku.free ? t("shop.free") : displayPrice(sku.price, sku.symbol)}
            </span>
            {sku.owned && <span className="shop-badge shop-badge--owned">{t("shop.owned")}</span>}
          </span>
        </span>
      </Link>
    </li>
  );
}
