-- CreateTable
CREATE TABLE "ShopSku" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "itemId" TEXT,
    "roleId" TEXT,
    "priceCn" INTEGER NOT NULL,
    "priceIntl" INTEGER NOT NULL,
    "searchText" TEXT NOT NULL,
    "featured" INTEGER NOT NULL,
    "sales" INTEGER NOT NULL DEFAULT 0,
    "listedAt" DATETIME NOT NULL,
    "listed" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "ShopSku_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "CatalogueItem" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "ShopSku_roleId_fkey" FOREIGN KEY ("roleId") REFERENCES "Role" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ShopSkuLabel" (
    "skuId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "label" TEXT NOT NULL,

    PRIMARY KEY ("skuId", "kind", "label"),
    CONSTRAINT "ShopSkuLabel_skuId_fkey" FOREIGN KEY ("skuId") REFERENCES "ShopSku" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ShopSku_itemId_key" ON "ShopSku"("itemId");

-- CreateIndex
CREATE UNIQUE INDEX "ShopSku_roleId_key" ON "ShopSku"("roleId");

-- CreateIndex
CREATE INDEX "ShopSku_listed_sales_idx" ON "ShopSku"("listed", "sales");

-- CreateIndex
CREATE INDEX "ShopSku_listed_listedAt_idx" ON "ShopSku"("listed", "listedAt");

-- CreateIndex
CREATE INDEX "ShopSkuLabel_kind_label_idx" ON "ShopSkuLabel"("kind", "label");
