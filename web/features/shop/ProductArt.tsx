import type { ShopAsset } from "../../../shared/schemas/shop.ts";
import { AvatarPicture } from "../../components/AvatarPicture.tsx";
import { LookIcon } from "../plan/index.ts";

/**
 * A product's picture: an avatar model's portrait (or its silhouette until the portrait is made),
 * else the item drawn from its look, as the plan editor draws it.
 */
export function ProductArt({ asset, className = "" }: { asset: ShopAsset; className?: string }) {
  if (asset.kind === "avatar") {
    return (
      <span className={`product-art product-art--avatar ${className}`}>
        <AvatarPicture img={asset.img ?? null} sex={asset.sex ?? 2} lazy />
      </span>
    );
  }
  return (
    <span className={`product-art product-art--${asset.kind} ${className}`}>
      <LookIcon record={{ kind: asset.kind, look: asset.look ?? {} }} className="product-art__icon" />
    </span>
  );
}
