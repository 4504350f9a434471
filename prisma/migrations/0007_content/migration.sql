-- CreateTable
CREATE TABLE "HelpSection" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "sort" INTEGER NOT NULL,
    "nameEn" TEXT NOT NULL,
    "nameZhCn" TEXT NOT NULL,
    "nameZhTn" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "HelpDoc" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "sectionKey" TEXT NOT NULL,
    "sort" INTEGER NOT NULL,
    "revisedAt" DATETIME NOT NULL,
    CONSTRAINT "HelpDoc_sectionKey_fkey" FOREIGN KEY ("sectionKey") REFERENCES "HelpSection" ("key") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "HelpDocText" (
    "docId" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "markdown" TEXT NOT NULL,

    PRIMARY KEY ("docId", "language"),
    CONSTRAINT "HelpDocText_docId_fkey" FOREIGN KEY ("docId") REFERENCES "HelpDoc" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Announcement" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "slug" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "publishedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "AnnouncementText" (
    "announcementId" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "markdown" TEXT NOT NULL,

    PRIMARY KEY ("announcementId", "language"),
    CONSTRAINT "AnnouncementText_announcementId_fkey" FOREIGN KEY ("announcementId") REFERENCES "Announcement" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ContactMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "phone" TEXT,
    "email" TEXT,
    "description" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "userId" TEXT,
    "ip" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "HelpDoc_key_key" ON "HelpDoc"("key");

-- CreateIndex
CREATE INDEX "HelpDoc_sectionKey_sort_idx" ON "HelpDoc"("sectionKey", "sort");

-- CreateIndex
CREATE UNIQUE INDEX "Announcement_slug_key" ON "Announcement"("slug");

-- CreateIndex
CREATE INDEX "Announcement_published_publishedAt_idx" ON "Announcement"("published", "publishedAt");

-- CreateIndex
CREATE INDEX "ContactMessage_createdAt_idx" ON "ContactMessage"("createdAt");
