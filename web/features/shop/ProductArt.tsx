import type { ShopAsset } from "../../../shared/schemas/shop.ts";
import { AvatarPlaceholder } from "../../components/AvatarPlaceholder.tsx";
import { LookIcon } from "../plan/index.ts";

/**
 * A product's picture: an avatar model's portrait (or its silhouette until the portrait is made),
 * else the item drawn from its look, as the plan editor draws it.
 */
export function ProductArt({ asset, className = "" }: { asset: ShopAsset; className?: string }) {
  if (asset.kind === "avatar") {
    return (
      <span className={`product-art product-art--avatar ${className}`}>
        {asset.img ? <img src={asset.img} alt="" loading="lazy" /> : <AvatarPlaceholder sex={asset.sex ?? 2} />}
      </span>
    );
  }
  return (
    <span className={`product-art product-art--${asset.kind} ${className}`}>
      <LookIcon record={{ kind: asset.kind, look: asset.look ?? {} }} className="product-art__icon" />
    </span>
  );
}
